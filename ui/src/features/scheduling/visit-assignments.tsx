import { addDays, type AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { capitalize, formatDate, humanize } from '../../shared/format';
import { clientName } from './rota-chips';

/** The first 5 unassigned visits are listed, the ones needing a carer soonest. */
export const UNASSIGNED_SHOWN = 5;
/** How far ahead the list looks for visits still without a carer. */
const LOOK_AHEAD_DAYS = 60;

/** Visit Assignments: the next visits still waiting for a carer, each with Assign Carer. */
export function VisitAssignments({
  today,
  onAssign,
}: {
  today: string;
  onAssign: ((visit: AppointmentView) => void) | undefined;
}) {
  const unassigned = useQuery(
    appointmentsQueryOptions({
      unassigned: true,
      status: 'scheduled',
      from: today,
      to: addDays(today, LOOK_AHEAD_DAYS),
      limit: UNASSIGNED_SHOWN,
    }),
  );
  if (unassigned.isPending) return <ListLoading what="unassigned visits" />;
  if (unassigned.isError)
    return (
      <ListLoadError what="unassigned visits" error={unassigned.error} onRetry={() => void unassigned.refetch()} />
    );
  if (unassigned.data.length === 0) {
    return (
      <div className="card empty-state">
        <p>No unassigned visits.</p>
      </div>
    );
  }
  return (
    <ul className="rota-assignments" aria-label="Unassigned visits">
      {unassigned.data.slice(0, UNASSIGNED_SHOWN).map((visit) => (
        <li key={visit.id} className="card rota-assignment" data-testid="unassigned-visit" data-visit-id={visit.id}>
          <div className="rota-assignment-text">
            <span className="rota-assignment-client">{clientName(visit)}</span>
            <span className="muted small">
              {formatDate(visit.date)} {visit.startTime}–{visit.endTime} · {capitalize(humanize(visit.visitType))} ·{' '}
              {visit.scheduledDuration} min
              {visit.priority !== 'normal' && ` · ${capitalize(visit.priority)} priority`}
            </span>
            <span className="muted small">{visit.client.address}</span>
          </div>
          <span className="badge rota-badge-unassigned">Unassigned</span>
          {onAssign && (
            <button type="button" className="button button-primary button-small" onClick={() => onAssign(visit)}>
              <UserPlus size={14} aria-hidden />
              Assign Carer
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
