import { can, londonToday } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import { useCurrentUser } from '../../shared/current-user';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading, SavedCopyNotice } from '../../shared/list-states';
import { useOutboxRecords } from '../../shared/offline/use-outbox';
import { withPendingRecords, type PendingVisit } from '../../shared/offline/pending-records';
import { NeedsAttention } from './needs-attention';
import { arrangeDay } from './check-in-rules';
import { TomorrowVisits } from './tomorrow-visits';
import { VisitCheckInCard } from './visit-check-in-card';
import './check-in.css';

/**
 * /check-in and /visits/new: today's visits on the carer's phone. The read API gives a carer only their own
 * visits; office staff see everyone's and may record for a carer.
 */
export function CheckInPage() {
  const user = useCurrentUser();
  // A visit begun before midnight and still running is today's work too (a bedtime call from 23:30 to 00:30).
  const visits = useQuery(appointmentsQueryOptions({ today: true, underway: true }));
  const onBehalf = can(user.role, 'appointments.read');
  const records = useOutboxRecords();
  // What this phone recorded and has not yet sent shows as done: a carer without signal carries on with the visit.
  const shown = useMemo(() => visits.data && withPendingRecords(visits.data, records), [visits.data, records]);

  return (
    <section className="page check-in-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Check In</h1>
          <p className="page-subtitle">
            {onBehalf ? "Today's visits of all carers" : 'Your visits today'} · {formatDate(londonToday())}
          </p>
        </div>
      </div>
      <NeedsAttention records={records} />
      {visits.isError && shown && (
        <SavedCopyNotice
          what="today's visits"
          error={visits.error}
          savedAt={visits.dataUpdatedAt}
          onRetry={() => void visits.refetch()}
        />
      )}
      {visits.isPending ? (
        <ListLoading what="today's visits" />
      ) : visits.isError && !shown ? (
        <ListLoadError what="today's visits" error={visits.error} onRetry={() => void visits.refetch()} />
      ) : !shown || shown.length === 0 ? (
        <div className="card empty-state">
          <CalendarCheck size={36} aria-hidden className="empty-icon" />
          <p>{onBehalf ? 'No visits scheduled for today.' : 'You have no visits scheduled for today.'}</p>
        </div>
      ) : (
        <DayList visits={shown} onBehalf={onBehalf} />
      )}
      {/* A carer plans the next day from here; office staff have the schedule. */}
      {!onBehalf && <TomorrowVisits />}
    </section>
  );
}

/**
 * The visit under way first, then the ones to come (a carer's first one marked "Next"), then the finished, missed
 * and cancelled ones, compact. Headings and cards are siblings of one list, so a card that moves from one group to
 * the next (checked in, checked out) keeps its place in React and its state.
 */
function DayList({ visits, onBehalf }: { visits: readonly PendingVisit[]; onBehalf: boolean }) {
  const day = arrangeDay(visits);
  const rows: ReactNode[] = [];
  const heading = (key: string, text: string) =>
    rows.push(
      <h2 key={key} className="check-in-section">
        {text}
      </h2>,
    );
  if (day.inProgress.length > 0) heading('now', 'In progress');
  for (const visit of day.inProgress) rows.push(<VisitCheckInCard key={visit.id} visit={visit} onBehalf={onBehalf} />);
  heading('upcoming', 'Still to do today');
  if (day.upcoming.length === 0)
    rows.push(
      <p key="none-left" className="muted">
        No more visits to start today.
      </p>,
    );
  day.upcoming.forEach((visit, index) =>
    rows.push(<VisitCheckInCard key={visit.id} visit={visit} onBehalf={onBehalf} next={!onBehalf && index === 0} />),
  );
  if (day.done.length > 0) heading('done', `Completed, missed or cancelled (${day.done.length})`);
  for (const visit of day.done)
    rows.push(<VisitCheckInCard key={visit.id} visit={visit} onBehalf={onBehalf} compact />);
  return <div className="check-in-list">{rows}</div>;
}
