import type { AppointmentView } from '@care/events';
import { Link } from '@tanstack/react-router';
import { ClipboardCheck } from 'lucide-react';
import { formatDate, humanize } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import {
  appointmentCarerName,
  appointmentClientName,
  statusBadgeClass,
} from '../../records/appointments/appointment-labels';
import { APPOINTMENTS_PATH } from '../../records/appointments/appointment-queries';

/**
 * The dashboard's Unrecorded Visits behind its number (GET /api/appointments?unrecorded=true): visits whose planned
 * end has passed with no check-out recorded, not cancelled and not a no-show.
 */
export function UnrecordedVisits({ onReport }: { onReport: (visit: AppointmentView) => void }) {
  const visits = usePagedList<AppointmentView>(APPOINTMENTS_PATH, { unrecorded: 'true' });
  return (
    <section className="unrecorded-visits" aria-labelledby="unrecorded-title">
      <div className="card notice-card filter-notice" role="note">
        <p>
          <strong id="unrecorded-title">Unrecorded visits:</strong> past their planned end with no check-out recorded
          (cancelled visits and no-shows left out).
        </p>
        <Link to="/visits" className="button button-secondary button-small">
          Show today’s visits
        </Link>
      </div>
      {visits.isPending ? (
        <ListLoading what="unrecorded visits" />
      ) : visits.isError ? (
        <ListLoadError what="unrecorded visits" error={visits.error} onRetry={() => void visits.refetch()} />
      ) : visits.items.length === 0 ? (
        <div className="card empty-state">
          <ClipboardCheck size={36} aria-hidden className="empty-icon" />
          <p>Every visit that has ended is recorded.</p>
        </div>
      ) : (
        <div className="card">
          <div className="table-wrap">
            <table className="data-table" data-testid="unrecorded-visits">
              <caption className="sr-only">Unrecorded visits, by planned start</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Planned</th>
                  <th scope="col">Client</th>
                  <th scope="col">Carer</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {visits.items.map((visit) => (
                  <tr key={visit.id}>
                    <td data-label="Date">{formatDate(visit.date)}</td>
                    <td data-label="Planned">
                      {visit.startTime}–{visit.endTime}
                    </td>
                    <td data-label="Client">{appointmentClientName(visit)}</td>
                    <td data-label="Carer">{appointmentCarerName(visit)}</td>
                    <td data-label="Status">
                      <span className={statusBadgeClass(visit.status)}>{humanize(visit.status)}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => onReport(visit)}
                        aria-label={`Visit report: ${appointmentClientName(visit)}, ${formatDate(visit.date)}`}
                      >
                        Visit report
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore
            shown={visits.items.length}
            total={visits.total}
            hasMore={visits.hasNextPage}
            loading={visits.isFetchingNextPage}
            onLoadMore={() => void visits.fetchNextPage()}
          />
        </div>
      )}
    </section>
  );
}
