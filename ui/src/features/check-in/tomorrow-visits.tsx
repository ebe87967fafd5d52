import { addDays, londonToday, type AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Clock, MapPin } from 'lucide-react';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import { enumLabel, formatDate } from '../../shared/format';
import { ListLoadError, ListLoading, SavedCopyNotice } from '../../shared/list-states';
import './at-the-door.css';

const clientName = (visit: AppointmentView) => `${visit.client.firstName} ${visit.client.lastName}`.trim();

/**
 * The carer's visits tomorrow, below today's: where and when, so the day can be planned, and kept in the phone's
 * copy so it shows without signal too. Nothing to record yet, so no buttons.
 */
export function TomorrowVisits() {
  const tomorrow = addDays(londonToday(), 1);
  const visits = useQuery(appointmentsQueryOptions({ date: tomorrow }));
  const shown = (visits.data ?? [])
    .filter((visit) => visit.status !== 'cancelled')
    .sort((a, b) => Date.parse(a.scheduledDate) - Date.parse(b.scheduledDate));
  return (
    <section className="check-in-list check-in-tomorrow" aria-labelledby="check-in-tomorrow">
      <h2 id="check-in-tomorrow" className="check-in-section">
        Tomorrow · {formatDate(tomorrow)}
      </h2>
      {visits.isError && visits.data && (
        <SavedCopyNotice
          what="tomorrow's visits"
          error={visits.error}
          savedAt={visits.dataUpdatedAt}
          onRetry={() => void visits.refetch()}
        />
      )}
      {visits.isPending ? (
        <ListLoading what="tomorrow's visits" />
      ) : visits.isError && !visits.data ? (
        <ListLoadError what="tomorrow's visits" error={visits.error} onRetry={() => void visits.refetch()} />
      ) : shown.length === 0 ? (
        <p className="muted">You have no visits scheduled for tomorrow.</p>
      ) : (
        shown.map((visit) => (
          <article
            key={visit.id}
            className="card check-in-tomorrow-card"
            data-testid="tomorrow-visit"
            aria-label={`Tomorrow's visit to ${clientName(visit)}`}
          >
            <h3 className="check-in-client">{clientName(visit)}</h3>
            <p className="check-in-line">
              <Clock size={16} aria-hidden />
              <span>
                {visit.startTime} – {visit.endTime}
              </span>
              <span className="muted">· {enumLabel(visit.visitType)}</span>
            </p>
            <p className="check-in-line">
              <MapPin size={16} aria-hidden />
              <span>{visit.client.address}</span>
            </p>
          </article>
        ))
      )}
    </section>
  );
}
