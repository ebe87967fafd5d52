import type { DiaryEntryView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarX, CheckCircle2, Clock, Percent, Timer, UserRound, Users, XCircle } from 'lucide-react';
import { appointmentSummaryQueryOptions } from '../../records/appointments/appointment-queries';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { clientsQueryOptions } from '../../records/clients/get-clients';
import { errorReason } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { StatCard } from '../../shared/stat-card';
import type { MonitoringFilters } from '../../records/visit-records/monitoring-params';
import { matchesSearch } from './manage-filters';

/** How many of the newest diary entries the overview shows. */
const LATEST_NOTES = 5;

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toFixed(1)}%`;

/**
 * Weekly Overview: the range's figures from the visits themselves, live counts of carers and clients, the latest
 * notes. Every filter of the bar applies to every figure: the visit cards ask the summary with the same filters
 * as the records, and the carer and client cards count only the chosen carer or client (and the search).
 */
export function WeeklyOverviewTab({
  visits,
  diaryEntries,
}: {
  visits: MonitoringFilters;
  diaryEntries: readonly DiaryEntryView[] | undefined;
}) {
  const { from, to, carerId, clientId, status, careType, search } = visits;
  const summary = useQuery(
    appointmentSummaryQueryOptions({
      from,
      to,
      carerId,
      clientId,
      status: status || undefined,
      careType: careType || undefined,
      search,
    }),
  );
  const carers = useQuery(carersQueryOptions);
  const clients = useQuery(clientsQueryOptions);
  const figures = summary.data;
  const pending = summary.isError ? '—' : '…';
  const count = (value: number | undefined) => (value === undefined ? pending : value);
  const shownCarers = carers.data?.filter(
    (carer) =>
      (carerId === '' || carer.id === carerId) &&
      matchesSearch(search, `${carer.user.firstName} ${carer.user.lastName}`),
  );
  const shownClients = clients.data?.filter(
    (client) =>
      (clientId === '' || client.id === clientId) && matchesSearch(search, `${client.firstName} ${client.lastName}`),
  );
  const activeCarers = shownCarers?.filter((carer) => carer.isActive).length;
  const activeClients = shownClients?.filter((client) => client.isActive).length;

  return (
    <div className="manage-overview">
      {summary.isError && <p role="alert">Could not load the visit figures: {errorReason(summary.error)}</p>}
      <div className="stat-grid manage-stats">
        <StatCard
          label="Appointments"
          value={count(figures?.total)}
          icon={<CalendarCheck size={22} />}
          testId="manage-appointments"
        />
        <StatCard
          label="Completed"
          value={count(figures?.completed)}
          icon={<CheckCircle2 size={22} />}
          testId="manage-completed"
        />
        <StatCard label="Missed" value={count(figures?.missed)} icon={<CalendarX size={22} />} testId="manage-missed" />
        <StatCard
          label="Cancelled"
          value={count(figures?.cancelled)}
          icon={<XCircle size={22} />}
          testId="manage-cancelled"
        />
        <StatCard
          label="Completion Rate"
          value={figures ? percent(figures.completionRate) : pending}
          icon={<Percent size={22} />}
          testId="manage-completion-rate"
        />
        <StatCard
          label="Punctuality"
          value={figures ? percent(figures.punctualityRate) : pending}
          icon={<Clock size={22} />}
          testId="manage-punctuality"
        />
        <StatCard
          label="Care Hours"
          value={figures ? figures.totalHours.toFixed(1) : pending}
          icon={<Timer size={22} />}
          testId="manage-hours"
        />
        <StatCard
          label="Carers"
          value={shownCarers ? `${activeCarers} active of ${shownCarers.length}` : carers.isError ? '—' : '…'}
          icon={<Users size={22} />}
          testId="manage-carers"
        />
        <StatCard
          label="Clients"
          value={shownClients ? `${activeClients} active of ${shownClients.length}` : clients.isError ? '—' : '…'}
          icon={<UserRound size={22} />}
          testId="manage-clients"
        />
      </div>
      <section className="card manage-notes" aria-labelledby="manage-latest-notes">
        <h2 id="manage-latest-notes" className="card-title">
          Latest Diary Notes
        </h2>
        {diaryEntries === undefined ? (
          <p className="muted">Loading diary notes...</p>
        ) : diaryEntries.length === 0 ? (
          <p className="muted">No diary entries in this period.</p>
        ) : (
          <ul className="manage-note-list">
            {diaryEntries.slice(0, LATEST_NOTES).map((entry) => (
              <li key={entry.id}>
                <strong>{entry.title}</strong>
                <span className="small muted">
                  {' '}
                  {formatDateTime(entry.entryDate)} · {entry.client.firstName} {entry.client.lastName} ·{' '}
                  {entry.carer.user.firstName} {entry.carer.user.lastName}
                </span>
                <p className="manage-note-text">{entry.content}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
