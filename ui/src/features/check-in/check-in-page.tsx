import { can, londonToday } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import { useCurrentUser } from '../../shared/current-user';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
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
  // Cancelled visits are not worked; everything else of today stays, so a completed visit shows as done.
  const shown = visits.data?.filter((visit) => visit.status !== 'cancelled');

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
      {visits.isPending ? (
        <ListLoading what="today's visits" />
      ) : visits.isError ? (
        <ListLoadError what="today's visits" error={visits.error} onRetry={() => void visits.refetch()} />
      ) : !shown || shown.length === 0 ? (
        <div className="card empty-state">
          <CalendarCheck size={36} aria-hidden className="empty-icon" />
          <p>{onBehalf ? 'No visits scheduled for today.' : 'You have no visits scheduled for today.'}</p>
        </div>
      ) : (
        <div className="check-in-list">
          {shown.map((visit) => (
            <VisitCheckInCard key={visit.id} visit={visit} onBehalf={onBehalf} />
          ))}
        </div>
      )}
    </section>
  );
}
