import { can, FIXED_RANGES, londonToday, type DiaryEntryView } from '@care/events';
import { BookOpen, CalendarRange, ClipboardList, ShieldAlert, UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { DIARY_PATH } from '../../records/diary/diary-query-keys';
import { MonitoringTable } from '../monitoring';
import { RecordsFilterBar } from '../../records/visit-records/records-filter-bar';
import { useCurrentUser } from '../../shared/current-user';
import { formatDate } from '../../shared/format';
import { LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { Tabs, type TabItem } from '../../shared/tabs';
import { DiaryTab } from './diary-tab';
import { DEFAULT_MANAGE_FILTERS, MANAGE_STATUS_OPTIONS, visitFilters, type ManageFilters } from './manage-filters';
import { CarerRosterTab, ClientRosterTab } from './roster-tabs';
import { WeeklyOverviewTab } from './weekly-overview-tab';
import './manage.css';

type ManageTab = 'overview' | 'carers' | 'clients' | 'monitoring' | 'diary';

/** /manage (Manage Care Operations): five tabs over one filter bar, every figure from the read API. */
export function ManagePage() {
  const user = useCurrentUser();
  const allowed = can(user.role, 'appointments.read');
  const [tab, setTab] = useState<ManageTab>('overview');
  const [filters, setFilters] = useState<ManageFilters>(DEFAULT_MANAGE_FILTERS);
  const visits = visitFilters(filters, londonToday());
  // The entries the bar selects (written in the period, for the chosen carer and client, matching the search),
  // filtered and paged by the read API: an agency's diary is years long.
  const diary = usePagedList<DiaryEntryView>(
    DIARY_PATH,
    {
      from: visits.from,
      to: visits.to,
      carerId: filters.carerId || undefined,
      clientId: filters.clientId || undefined,
      search: filters.search.trim() || undefined,
    },
    { enabled: allowed },
  );

  if (!allowed) {
    return (
      <section className="page">
        <div className="card empty-state" role="alert">
          <ShieldAlert size={36} aria-hidden className="empty-icon" />
          <h1 className="page-title">Access Denied</h1>
          <p>Care operations are available to administrators and coordinators.</p>
        </div>
      </section>
    );
  }

  const entries = diary.isPending || diary.isError ? undefined : diary.items;
  const tabs: TabItem<ManageTab>[] = [
    {
      value: 'overview',
      label: 'Weekly Overview',
      icon: CalendarRange,
      render: () => <WeeklyOverviewTab visits={visits} diaryEntries={entries} />,
    },
    {
      value: 'carers',
      label: 'Visits by Carer',
      icon: Users,
      render: () => <CarerRosterTab filters={filters} visits={visits} />,
    },
    {
      value: 'clients',
      label: 'Visits by Client',
      icon: UserRound,
      render: () => <ClientRosterTab filters={filters} visits={visits} />,
    },
    {
      value: 'monitoring',
      label: 'Call & Care Monitoring',
      icon: ClipboardList,
      render: () => <MonitoringTable filters={visits} />,
    },
    {
      value: 'diary',
      label: 'Diary',
      icon: BookOpen,
      render: () =>
        diary.isError ? (
          <p role="alert">Could not load the diary.</p>
        ) : entries === undefined ? (
          <p className="muted">Loading diary entries...</p>
        ) : (
          <DiaryTab
            entries={entries}
            more={
              <LoadMore
                shown={entries.length}
                total={diary.total}
                hasMore={diary.hasNextPage}
                loading={diary.isFetchingNextPage}
                onLoadMore={() => void diary.fetchNextPage()}
              />
            }
          />
        ),
    },
  ];

  return (
    <section className="page manage-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Manage Care Operations</h1>
          <p className="page-subtitle" data-testid="manage-period">
            {visits.from === visits.to
              ? formatDate(visits.from)
              : `${formatDate(visits.from)} – ${formatDate(visits.to)}`}
          </p>
        </div>
      </div>
      <RecordsFilterBar
        value={filters}
        onChange={setFilters}
        ranges={FIXED_RANGES}
        statusOptions={MANAGE_STATUS_OPTIONS}
        careTypeLabel="Care type"
        searchPlaceholder="Search carers, clients, notes..."
      />
      <Tabs label="Care operations" tabs={tabs} value={tab} onValueChange={setTab} />
    </section>
  );
}
