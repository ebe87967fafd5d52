import { addDays, can, londonToday, type AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import {
  Activity,
  BarChart3,
  CalendarCheck,
  CheckCircle2,
  ClipboardList,
  Percent,
  Plus,
  Radio,
  XCircle,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { FilterBar } from '../../shared/filter-bar';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { Tabs, type TabItem } from '../../shared/tabs';
import { AppointmentFormDialog, VisitRecordDialog } from '../appointments';
import {
  appointmentCarerName,
  appointmentClientName,
  defaultStartFor,
  isChangeable,
} from '../../records/appointments/appointment-labels';
import {
  appointmentAnalyticsQueryOptions,
  appointmentsQueryOptions,
  appointmentSummaryQueryOptions,
} from '../../records/appointments/appointment-queries';
import { useContactNumbers } from './contact-numbers';
import { VisitAnalyticsChart } from './visit-analytics-chart';
import { VisitCard } from './visit-card';
import {
  completionRateText,
  STATUS_FILTERS,
  VISIT_TABS,
  visitsForTab,
  type StatusFilter,
  type VisitTab,
} from './visit-figures';
import './visits.css';
import { StatCard } from '../../shared/stat-card';
import { UnrecordedVisits } from './unrecorded-visits';

const NO_VISITS: AppointmentView[] = [];
const ANALYTICS_DAYS = 14;
const TAB_ICONS = {
  today: CalendarCheck,
  live: Radio,
  completed: CheckCircle2,
  missed: XCircle,
  analytics: BarChart3,
} as const;
/** What each list tab says when it has nothing to show. */
const EMPTY_TEXT: Record<Exclude<VisitTab, 'analytics'>, string> = {
  today: 'No visits scheduled for today.',
  live: 'No visits in progress.',
  completed: 'No completed visits today.',
  missed: 'No missed visits today.',
};

/** The search box matches client or carer name. */
const columns: ColumnDef<AppointmentView>[] = [
  {
    id: 'search',
    accessorFn: (visit) => `${appointmentClientName(visit)} ${appointmentCarerName(visit)}`,
    filterFn: 'includesString',
  },
];

function VisitAnalytics() {
  const today = londonToday();
  const analytics = useQuery(
    appointmentAnalyticsQueryOptions({ from: addDays(today, -(ANALYTICS_DAYS - 1)), to: today }),
  );
  if (analytics.isPending) return <ListLoading what="visit analytics" />;
  if (analytics.isError)
    return <ListLoadError what="visit analytics" error={analytics.error} onRetry={() => void analytics.refetch()} />;
  return (
    <div className="card analytics-card">
      <h2 className="card-title">Last {ANALYTICS_DAYS} days</h2>
      <VisitAnalyticsChart days={analytics.data} />
    </div>
  );
}

/** Visit Tracking: today's visits, live as carers check in and out. */
export function VisitsPage({ unrecorded = false }: { unrecorded?: boolean }) {
  const canWrite = can(useCurrentUser().role, 'appointments.write');
  const today = londonToday();
  const visits = useQuery({ ...appointmentsQueryOptions({ date: today }), enabled: !unrecorded });
  const summary = useQuery({ ...appointmentSummaryQueryOptions({ date: today }), enabled: !unrecorded });
  const contacts = useContactNumbers();
  const [tab, setTab] = useState<VisitTab>('today');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [reportId, setReportId] = useState<string | undefined>();
  const [form, setForm] = useState<{ open: boolean; visit?: AppointmentView | undefined }>({ open: false });

  // Memoised: a new array on every render would make the table reset its state and render again, endlessly.
  const tabVisits = useMemo(
    () => (tab === 'analytics' ? NO_VISITS : visitsForTab(visits.data ?? NO_VISITS, tab, statusFilter)),
    [visits.data, tab, statusFilter],
  );
  const table = useReactTable({
    data: tabVisits,
    columns,
    state: { globalFilter: search.trim() },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (visit) => visit.id,
  });
  const rows = table.getRowModel().rows;
  const figure = (read: (value: NonNullable<typeof summary.data>) => string) =>
    summary.data ? read(summary.data) : summary.isError ? '—' : '…';

  const list = (current: Exclude<VisitTab, 'analytics'>) =>
    visits.isPending ? (
      <ListLoading what="visits" />
    ) : visits.isError ? (
      <ListLoadError what="visits" error={visits.error} onRetry={() => void visits.refetch()} />
    ) : rows.length === 0 ? (
      <div className="card empty-state">
        <ClipboardList size={36} aria-hidden className="empty-icon" />
        <p>{search.trim() || statusFilter !== 'all' ? 'No visits found matching your search.' : EMPTY_TEXT[current]}</p>
      </div>
    ) : (
      <div className="visit-grid">
        {rows.map(({ original: visit }) => (
          <VisitCard
            key={visit.id}
            visit={visit}
            carerPhone={contacts.carer(visit.carerId)}
            clientPhone={contacts.client(visit.clientId)}
            onReport={(chosen) => setReportId(chosen.id)}
            onReschedule={
              canWrite && isChangeable(visit) ? (chosen) => setForm({ open: true, visit: chosen }) : undefined
            }
          />
        ))}
      </div>
    );

  const tabs: TabItem<VisitTab>[] = VISIT_TABS.map(({ value, label }) => ({
    value,
    label,
    icon: TAB_ICONS[value],
    render: () => (value === 'analytics' ? <VisitAnalytics /> : list(value)),
  }));

  return (
    <section className="page visits-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Visit Tracking</h1>
          <p className="page-subtitle">
            <span className="live-dot" aria-hidden />
            Live
          </p>
        </div>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={() => setForm({ open: true })}>
            <Plus size={16} aria-hidden />
            Schedule Visit
          </button>
        )}
      </div>

      {unrecorded ? (
        <UnrecordedVisits onReport={(chosen) => setReportId(chosen.id)} />
      ) : (
        <>
          <div className="stat-grid visit-stats">
            <StatCard
              className="visit-stat"
              icon={<CalendarCheck size={22} />}
              label="Today's Visits"
              value={figure((data) => String(data.total))}
              testId="visits-today"
            />
            <StatCard
              className="visit-stat"
              icon={<CheckCircle2 size={22} />}
              label="Completed"
              value={figure((data) => String(data.completed))}
              testId="visits-completed"
            />
            <StatCard
              className="visit-stat"
              icon={<Activity size={22} />}
              label="In Progress"
              value={figure((data) => String(data.inProgress))}
              testId="visits-in-progress"
            />
            <StatCard
              className="visit-stat"
              icon={<XCircle size={22} />}
              label="Missed"
              value={figure((data) => String(data.missed))}
              testId="visits-missed"
            />
            <StatCard
              className="visit-stat"
              icon={<Percent size={22} />}
              label="Completion Rate"
              value={figure(completionRateText)}
              testId="visits-completion-rate"
            />
          </div>

          {tab !== 'analytics' && (
            <FilterBar
              label="Visit filters"
              layout="row"
              className="visits-toolbar"
              fields={[
                {
                  kind: 'search',
                  key: 'search',
                  label: 'Search visits',
                  placeholder: 'Search by client or carer name...',
                  value: search,
                  onChange: setSearch,
                },
                {
                  kind: 'select',
                  key: 'status',
                  label: 'Status',
                  hideLabel: true,
                  inputClassName: 'visits-status',
                  value: statusFilter,
                  options: STATUS_FILTERS,
                  // Every choice is an option (All included), so '' never comes back.
                  onChange: (next: StatusFilter | '') => next && setStatusFilter(next),
                },
              ]}
            />
          )}

          <Tabs label="Visits" tabs={tabs} value={tab} onValueChange={setTab} />
        </>
      )}

      <VisitRecordDialog title="Visit Report" appointmentId={reportId} onClose={() => setReportId(undefined)} />
      {canWrite && (
        <AppointmentFormDialog
          open={form.open}
          appointment={form.visit}
          title="Schedule Visit"
          defaultStart={defaultStartFor(today, new Date())}
          onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        />
      )}
    </section>
  );
}
