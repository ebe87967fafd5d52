import { addDays, type AppointmentView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { DateInput, isIsoDate } from '../../shared/date-fields/date-input';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { capitalize, formatDate, humanize } from '../../shared/format';
import { clientName } from './rota-chips';
import { FillDayDialog } from './fill-day-dialog';

/** The first 5 unassigned visits are listed, the ones needing a carer soonest. */
export const UNASSIGNED_SHOWN = 5;
/** How far ahead the list looks for visits still without a carer. */
const LOOK_AHEAD_DAYS = 60;

/** Visit Assignments: Fill the day for those who assign, then the next visits still waiting for a carer. */
export function VisitAssignments({
  today,
  onAssign,
}: {
  today: string;
  onAssign: ((visit: AppointmentView) => void) | undefined;
}) {
  return (
    <>
      {onAssign && <FillDayBar today={today} />}
      <UnassignedVisits today={today} onAssign={onAssign} />
    </>
  );
}

/** Pick a day and propose a carer for each of its open visits (the dialog shows the proposal before applying it). */
function FillDayBar({ today }: { today: string }) {
  const [date, setDate] = useState(today);
  const [filling, setFilling] = useState<string>();
  return (
    <div className="fill-day-bar">
      <DateInput
        className="input"
        aria-label="Day to fill"
        value={date}
        required
        onChange={(event) => isIsoDate(event.target.value) && setDate(event.target.value)}
      />
      <button type="button" className="button button-secondary" onClick={() => setFilling(date)}>
        <Wand2 size={16} aria-hidden />
        Fill the day
      </button>
      <FillDayDialog date={filling} onClose={() => setFilling(undefined)} />
    </div>
  );
}

/** The next visits still waiting for a carer, each with Assign Carer. */
function UnassignedVisits({
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
