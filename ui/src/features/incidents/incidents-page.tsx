import {
  can,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUSES,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
  type IncidentSeverity,
} from '@care/events';
import {
  AlertTriangle,
  BarChart3,
  CalendarDays,
  ClipboardList,
  FileDown,
  Filter,
  FolderOpen,
  Plus,
  ShieldAlert,
  Siren,
} from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { FilterBar } from '../../shared/filter-bar';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { useDebouncedValue, withParams } from '../../shared/paged-list';
import { StatCard } from '../../shared/stat-card';
import { Tabs } from '../../shared/tabs';
import {
  filterParams,
  INCIDENTS_PATH,
  useIncidentList,
  useIncidentSummary,
  type IncidentFilters,
  type IncidentTab,
} from './get-incidents';
import { IncidentAnalytics } from './incident-analytics';
import { IncidentCard } from './incident-card';
import { IncidentDetailDialog } from './incident-detail-dialog';
import { ReportIncidentDialog } from './report-incident-dialog';
import { SafeguardingContactCard } from './safeguarding-dialog';
import './incidents.css';

const TAB_ITEMS: readonly { value: IncidentTab; label: string; icon: typeof Siren; empty: string }[] = [
  { value: 'overview', label: 'Overview', icon: ClipboardList, empty: 'No incidents recorded.' },
  { value: 'critical', label: 'Critical Incidents', icon: Siren, empty: 'No critical incidents.' },
  {
    value: 'investigating',
    label: 'Under Investigation',
    icon: FolderOpen,
    empty: 'No incidents under investigation.',
  },
  { value: 'safeguarding', label: 'Safeguarding', icon: ShieldAlert, empty: 'No safeguarding incidents.' },
  { value: 'analytics', label: 'Analytics', icon: BarChart3, empty: '' },
];

/** Incident Management: cards, search, severity filter, tabs, every button working. */
export function IncidentsPage() {
  const role = useCurrentUser().role;
  const canManage = can(role, 'incidents.manage');
  const [search, setSearch] = useState('');
  const [severity, setSeverity] = useState<IncidentSeverity | ''>('');
  const [showFilters, setShowFilters] = useState(false);
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [overdue, setOverdue] = useState(false);
  const [tab, setTab] = useState<IncidentTab>('overview');
  const [reporting, setReporting] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const filters: IncidentFilters = { search: useDebouncedValue(search), severity, type, status, overdue, tab };
  const summary = useIncidentSummary(filters);
  const figure = (value: number | undefined) => (value === undefined ? '…' : value);
  const reportParams = filterParams(filters);

  return (
    <section className="page incidents-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Incident Management</h1>
          <p className="page-subtitle">
            {canManage
              ? 'Report, investigate and resolve incidents and safeguarding concerns'
              : 'Incidents you reported or that name you'}
          </p>
        </div>
        <div className="page-actions">
          {can(role, 'incidents.report') && (
            <button type="button" className="button button-primary" onClick={() => setReporting(true)}>
              <Plus size={16} aria-hidden />
              Report Incident
            </button>
          )}
          <details className="generate-report">
            <summary className="button button-secondary">
              <FileDown size={16} aria-hidden />
              Generate Report
            </summary>
            <div className="generate-report-menu card">
              <a
                className="button button-secondary button-small"
                href={withParams(`${INCIDENTS_PATH}/report.pdf`, reportParams)}
                download
              >
                PDF of the incidents shown
              </a>
              <a
                className="button button-secondary button-small"
                href={withParams(`${INCIDENTS_PATH}/export.csv`, reportParams)}
                download
              >
                CSV of the incidents shown
              </a>
            </div>
          </details>
        </div>
      </div>

      <div className="stat-grid incident-stats">
        <StatCard
          icon={<AlertTriangle size={20} />}
          label="Critical Incidents"
          value={figure(summary.data?.critical)}
          testId="incidents-critical"
          className="stat-danger"
        />
        <StatCard
          icon={<FolderOpen size={20} />}
          label="Open Cases"
          value={figure(summary.data?.open)}
          testId="incidents-open"
          note="Not resolved or closed"
        />
        <StatCard
          icon={<CalendarDays size={20} />}
          label="This Week"
          value={figure(summary.data?.thisWeek)}
          testId="incidents-week"
          note="Occurred in the last 7 days"
        />
        <StatCard
          icon={<ClipboardList size={20} />}
          label="Total Incidents"
          value={figure(summary.data?.total)}
          testId="incidents-total"
        />
      </div>

      <FilterBar
        label="Incident filters"
        layout="row"
        className="incident-toolbar"
        fields={[
          {
            kind: 'search',
            key: 'search',
            label: 'Search incidents',
            placeholder: 'Search by title, client or carer...',
            value: search,
            onChange: setSearch,
          },
          {
            kind: 'select',
            key: 'severity',
            label: 'Severity',
            hideLabel: true,
            inputClassName: 'incident-severity',
            value: severity,
            allLabel: 'All severities',
            options: [...INCIDENT_SEVERITIES]
              .reverse()
              .map((value) => ({ value, label: INCIDENT_SEVERITY_LABELS[value] })),
            onChange: (next: IncidentSeverity | '') => setSeverity(next),
          },
        ]}
      >
        <button
          type="button"
          className={`button button-secondary${showFilters ? ' active' : ''}`}
          aria-expanded={showFilters}
          onClick={() => setShowFilters(!showFilters)}
        >
          <Filter size={16} aria-hidden />
          Filter
        </button>
      </FilterBar>
      {showFilters && (
        <FilterBar
          label="More filters"
          role="group"
          layout="row"
          className="incident-more-filters"
          fields={[
            {
              kind: 'select',
              key: 'type',
              label: 'Type',
              value: type,
              allLabel: 'All types',
              options: INCIDENT_TYPES.map((value) => ({ value, label: INCIDENT_TYPE_LABELS[value] })),
              onChange: setType,
            },
            {
              kind: 'select',
              key: 'status',
              label: 'Status',
              value: status,
              allLabel: 'All statuses',
              options: INCIDENT_STATUSES.map((value) => ({ value, label: INCIDENT_STATUS_LABELS[value] })),
              onChange: setStatus,
            },
            { kind: 'toggle', key: 'overdue', label: 'Statutory duty overdue', checked: overdue, onChange: setOverdue },
          ]}
        />
      )}

      <Tabs
        label="Incident views"
        value={tab}
        onValueChange={setTab}
        tabs={TAB_ITEMS.map((item) => ({
          value: item.value,
          label: item.label,
          icon: item.icon,
          render: () =>
            item.value === 'analytics' ? (
              <IncidentAnalytics filters={filters} />
            ) : (
              <>
                {item.value === 'safeguarding' && <SafeguardingTeam canConfigure={can(role, 'admin.panel')} />}
                <IncidentList filters={filters} empty={item.empty} canManage={canManage} onView={setViewing} />
              </>
            ),
        }))}
      />
      {can(role, 'incidents.report') && <ReportIncidentDialog open={reporting} onOpenChange={setReporting} />}
      <IncidentDetailDialog
        incidentId={viewing}
        canManage={canManage}
        onOpenChange={(open) => !open && setViewing(null)}
      />
    </section>
  );
}

/** The safeguarding team's details at the top of the Safeguarding tab; set in one place, the admin panel's Settings. */
function SafeguardingTeam({ canConfigure }: { canConfigure: boolean }) {
  return (
    <section className="safeguarding-team" aria-label="Safeguarding team">
      <SafeguardingContactCard />
      {canConfigure && (
        <Link to="/admin" search={{ tab: 'settings' }} className="button button-secondary button-small">
          Edit in Admin Settings
        </Link>
      )}
    </section>
  );
}

function IncidentList({
  filters,
  empty,
  canManage,
  onView,
}: {
  filters: IncidentFilters;
  empty: string;
  canManage: boolean;
  onView: (id: string) => void;
}) {
  const incidents = useIncidentList(filters);
  if (incidents.isPending) return <ListLoading what="incidents" />;
  if (incidents.isError)
    return <ListLoadError what="incidents" error={incidents.error} onRetry={() => void incidents.refetch()} />;
  if (incidents.items.length === 0) {
    const filtered = filters.search || filters.severity || filters.type || filters.status || filters.overdue;
    return (
      <div className="card empty-state">
        <ClipboardList size={36} aria-hidden className="empty-icon" />
        <p>{filtered ? 'No incidents match your filters.' : empty}</p>
      </div>
    );
  }
  return (
    <div className="incident-list">
      {filters.tab === 'overview' && <h2 className="section-title">Recent Incidents</h2>}
      {incidents.items.map((incident) => (
        <IncidentCard key={incident.id} incident={incident} canManage={canManage} onView={onView} />
      ))}
      <LoadMore
        shown={incidents.items.length}
        total={incidents.total}
        hasMore={incidents.hasNextPage}
        loading={incidents.isFetchingNextPage}
        onLoadMore={() => void incidents.fetchNextPage()}
      />
    </div>
  );
}
