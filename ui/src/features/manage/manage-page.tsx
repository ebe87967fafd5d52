import { can, FIXED_RANGES, londonToday, type DiaryEntryView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, CalendarRange, ClipboardList, ShieldAlert, UserRound, Users } from 'lucide-react';
import { useState } from 'react';
import { diaryEntriesQueryOptions } from '../diary/get-diary-entries';
import { MonitoringTable } from '../monitoring/monitoring-table';
import { RecordsFilterBar } from '../monitoring/records-filter-bar';
import { useCurrentUser } from '../../shared/current-user';
import { formatDate } from '../../shared/format';
import { toLondonInputValue } from '../../shared/london-time';
import { Tabs, type TabItem } from '../../shared/tabs';
import { DiaryTab } from './diary-tab';
import { DEFAULT_MANAGE_FILTERS, MANAGE_STATUS_OPTIONS, matchesSearch, visitFilters, type ManageFilters } from './manage-filters';
import { CarerRosterTab, ClientRosterTab } from './roster-tabs';
import { WeeklyOverviewTab } from './weekly-overview-tab';
import './manage.css';

type ManageTab = 'overview' | 'carers' | 'clients' | 'monitoring' | 'diary';

/** The diary entries the bar selects: written in the period, for the chosen carer and client, matching the search. */
function diaryInPeriod(entries: readonly DiaryEntryView[], filters: ManageFilters, from: string, to: string): DiaryEntryView[] {
  return entries.filter((entry) => {
    const day = toLondonInputValue(entry.entryDate).slice(0, 10);
    return (
      day >= from &&
      day <= to &&
      (filters.carerId === '' || entry.carerId === filters.carerId) &&
      (filters.clientId === '' || entry.clientId === filters.clientId) &&
      matchesSearch(
        filters.search,
        entry.title,
        entry.content,
        `${entry.client.firstName} ${entry.client.lastName}`,
        `${entry.carer.user.firstName} ${entry.carer.user.lastName}`,
      )
    );
  });
}

/** /manage (spec part 2 "Manage Care Operations"): five tabs over one filter bar, every figure from the read API. */
export function ManagePage() {
  const user = useCurrentUser();
  const allowed = can(user.role, 'appointments.read');
  const [tab, setTab] = useState<ManageTab>('overview');
  const [filters, setFilters] = useState<ManageFilters>(DEFAULT_MANAGE_FILTERS);
  const diary = useQuery({ ...diaryEntriesQueryOptions, enabled: allowed });

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

  const visits = visitFilters(filters, londonToday());
  const entries = diary.data ? diaryInPeriod(diary.data, filters, visits.from, visits.to) : undefined;
  const tabs: TabItem<ManageTab>[] = [
    { value: 'overview', label: 'Weekly Overview', icon: CalendarRange, render: () => <WeeklyOverviewTab visits={visits} diaryEntries={entries} /> },
    { value: 'carers', label: 'Carer Roster', icon: Users, render: () => <CarerRosterTab filters={filters} visits={visits} /> },
    { value: 'clients', label: 'Client Roster', icon: UserRound, render: () => <ClientRosterTab filters={filters} visits={visits} /> },
    { value: 'monitoring', label: 'Call & Care Monitoring', icon: ClipboardList, render: () => <MonitoringTable filters={visits} /> },
    {
      value: 'diary',
      label: 'Diary',
      icon: BookOpen,
      render: () =>
        diary.isError ? <p role="alert">Could not load the diary.</p> : entries === undefined ? <p className="muted">Loading diary entries...</p> : <DiaryTab entries={entries} />,
    },
  ];

  return (
    <section className="page manage-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Manage Care Operations</h1>
          <p className="page-subtitle" data-testid="manage-period">
            {visits.from === visits.to ? formatDate(visits.from) : `${formatDate(visits.from)} – ${formatDate(visits.to)}`}
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
