import type { AppointmentView, ShiftView } from '@care/events';
import { AlertTriangle, X } from 'lucide-react';
import { capitalize, humanize } from '../../shared/format';
import { shortDayLabel } from './rota-dates';
import { TravelNote } from '../../shared/travel/travel-note';

export const clientName = (visit: AppointmentView): string => `${visit.client.firstName} ${visit.client.lastName}`;
export const carerOfVisit = (visit: AppointmentView): string | null =>
  visit.carer ? `${visit.carer.user.firstName} ${visit.carer.user.lastName}` : null;
export const shiftTypeLabel = (type: string): string => capitalize(humanize(type));

/** A visit in the weekly grid: time, client and carer; a visit outside the carer's shifts is flagged. */
export function VisitChip({ visit }: { visit: AppointmentView }) {
  const carer = carerOfVisit(visit);
  const classes = ['rota-visit', `rota-visit-${visit.status}`];
  if (visit.outsideShift && visit.carerId) classes.push('rota-visit-outside');
  if (!visit.carerId) classes.push('rota-visit-unassigned');
  return (
    <div className={classes.join(' ')} data-testid="rota-visit" data-visit-id={visit.id}>
      <span className="rota-chip-time">
        {visit.startTime}–{visit.endTime}
      </span>
      <span className="rota-chip-title">{clientName(visit)}</span>
      <span className="rota-chip-meta">{carer ?? 'Unassigned'}</span>
      {visit.status !== 'scheduled' && <span className="rota-chip-meta">{capitalize(humanize(visit.status))}</span>}
      <TravelNote visit={visit} compact />
      {visit.outsideShift && visit.carerId && (
        <span className="rota-chip-flag" title={`No shift of ${carer ?? 'the carer'} covers this visit`}>
          <AlertTriangle size={12} aria-hidden /> Outside shift
        </span>
      )}
    </div>
  );
}

/** "Mon 23/11 07:00–14:00": how a shift is named in its Cancel button and the confirmation. */
export const shiftWhen = (shift: ShiftView): string =>
  `${shortDayLabel(shift.date)} ${shift.startClock}–${shift.endClock}`;

/**
 * The labelled Cancel action of a shift, apart from its text (under it on a card, at the end of a list row). It only
 * asks: CancelShiftDialog names the shift and cancels it.
 */
export function CancelShiftButton({
  shift,
  onCancel,
  compact = false,
}: {
  shift: ShiftView;
  onCancel: (shift: ShiftView) => void;
  /** In a narrow grid column the button reads "Cancel"; its name still says which shift. */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      className="rota-shift-cancel"
      aria-label={`Cancel shift of ${shift.carerName}, ${shiftWhen(shift)}`}
      onClick={() => onCancel(shift)}
    >
      <X size={14} aria-hidden />
      {compact ? 'Cancel' : 'Cancel shift'}
    </button>
  );
}

/** A shift in the grid or the roster, with a Cancel shift button for those who may plan shifts. */
export function ShiftChip({
  shift,
  showCarer,
  showDay,
  onCancel,
}: {
  shift: ShiftView;
  showCarer: boolean;
  showDay?: string;
  onCancel: ((shift: ShiftView) => void) | undefined;
}) {
  const cancelled = shift.status === 'cancelled';
  return (
    <div className={`rota-shift rota-shift-${shift.status}`} data-testid="rota-shift" data-shift-id={shift.id}>
      <span className="rota-chip-time">
        {showDay && `${showDay} `}
        {shift.startClock}–{shift.endClock}
      </span>
      {showCarer && <span className="rota-chip-title">{shift.carerName}</span>}
      <span className="rota-chip-meta">
        {shiftTypeLabel(shift.shiftType)} · {capitalize(shift.status)}
        {shift.location ? ` · ${shift.location}` : ''}
      </span>
      {onCancel && !cancelled && <CancelShiftButton shift={shift} onCancel={onCancel} compact />}
    </div>
  );
}
