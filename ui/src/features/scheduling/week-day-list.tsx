import type { AppointmentView, LeaveView, ShiftView } from '@care/events';
import { AlertTriangle, ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { capitalize, humanize } from '../../shared/format';
import { statusBadgeClass, statusLabel } from '../../records/appointments/appointment-labels';
import { longDayLabel } from './rota-dates';
import { CancelShiftButton, carerOfVisit, clientName, shiftTypeLabel } from './rota-chips';
import { LeaveChips } from './rota-leave';
import { TravelNote } from '../../shared/travel/travel-note';
import '../../records/appointments/appointment-status.css';
import './week-day-list.css';

interface WeekDayListProps {
  days: readonly string[];
  today: string;
  /** The date picked: its day opens first. */
  selected: string;
  visits: readonly AppointmentView[];
  shifts: readonly ShiftView[];
  onCancelShift: ((shift: ShiftView) => void) | undefined;
  /** Each day's approved leave (useRotaLeave), shown under the day's heading whether or not the day is open. */
  leave?: ReadonlyMap<string, LeaveView[]> | undefined;
}

const byStart = <T extends { startTime: string }>(a: T, b: T) => a.startTime.localeCompare(b.startTime);

/**
 * The rota week on a phone: the seven days one under another, each a heading that opens its shifts and visits as
 * rows. A busy day holds dozens of each, so only the picked day is open at first; the others show their counts.
 */
export function WeekDayList({ days, today, selected, visits, shifts, onCancelShift, leave }: WeekDayListProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set([selected]));
  // A new date in the week picker opens its day (and keeps the others as the user left them).
  const [openedFor, setOpenedFor] = useState(selected);
  if (openedFor !== selected) {
    setOpenedFor(selected);
    setOpen((current) => new Set(current).add(selected));
  }
  const byDay = useMemo(() => {
    const grouped = new Map<string, { shifts: ShiftView[]; visits: AppointmentView[] }>(
      days.map((day) => [day, { shifts: [], visits: [] }]),
    );
    for (const shift of shifts) grouped.get(shift.date)?.shifts.push(shift);
    for (const visit of visits) grouped.get(visit.date)?.visits.push(visit);
    for (const day of grouped.values()) {
      day.shifts.sort(byStart);
      day.visits.sort(byStart);
    }
    return grouped;
  }, [days, shifts, visits]);

  const toggle = (day: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });

  return (
    <div className="rota-days" data-testid="rota-day-list">
      {days.map((day) => {
        const entry = byDay.get(day) ?? { shifts: [], visits: [] };
        const expanded = open.has(day);
        const panel = `rota-day-${day}`;
        return (
          <section key={day} className="card rota-day" data-date={day} aria-labelledby={`${panel}-heading`}>
            <h2 className="rota-day-heading" id={`${panel}-heading`}>
              <button
                type="button"
                className="rota-day-toggle"
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => toggle(day)}
              >
                <span className="rota-day-name">
                  {longDayLabel(day)}
                  {day === today && <span className="badge rota-day-today">Today</span>}
                </span>
                <span className="rota-day-counts">
                  {countText(entry.shifts.length, 'shift')} · {countText(entry.visits.length, 'visit')}
                </span>
                <ChevronDown size={18} aria-hidden className="rota-day-chevron" />
              </button>
            </h2>
            <LeaveChips leave={leave?.get(day)} dayLabel={longDayLabel(day)} />
            {expanded && (
              <div id={panel} className="rota-day-body">
                <h3 className="rota-day-subheading">Shifts</h3>
                {entry.shifts.length === 0 ? (
                  <p className="muted small rota-day-empty">No shifts.</p>
                ) : (
                  <ul className="rota-day-rows" aria-label={`Shifts on ${longDayLabel(day)}`}>
                    {entry.shifts.map((shift) => (
                      <ShiftRow key={shift.id} shift={shift} onCancel={onCancelShift} />
                    ))}
                  </ul>
                )}
                <h3 className="rota-day-subheading">Visits</h3>
                {entry.visits.length === 0 ? (
                  <p className="muted small rota-day-empty">No visits.</p>
                ) : (
                  <ul className="rota-day-rows" aria-label={`Visits on ${longDayLabel(day)}`}>
                    {entry.visits.map((visit) => (
                      <VisitRow key={visit.id} visit={visit} />
                    ))}
                  </ul>
                )}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

const countText = (count: number, noun: string) => `${count === 0 ? 'No' : count} ${noun}${count === 1 ? '' : 's'}`;

const SHIFT_BADGE: Record<ShiftView['status'], string> = {
  confirmed: 'badge badge-success',
  pending: 'badge rota-badge-pending',
  cancelled: 'badge badge-muted',
};

/** A shift as a row: its hours (never broken) and status, the carer, type and place, and Cancel shift. */
function ShiftRow({ shift, onCancel }: { shift: ShiftView; onCancel: ((shift: ShiftView) => void) | undefined }) {
  const cancelled = shift.status === 'cancelled';
  return (
    <li
      className={`rota-row rota-row-shift rota-shift-${shift.status}`}
      data-testid="rota-shift"
      data-shift-id={shift.id}
    >
      <span className="rota-row-time">
        {shift.startClock}–{shift.endClock}
      </span>
      <span className={SHIFT_BADGE[shift.status]}>{capitalize(shift.status)}</span>
      <span className="rota-row-main">
        <span className="rota-row-title">{shift.carerName}</span>
        <span className="rota-row-meta">
          {shiftTypeLabel(shift.shiftType)}
          {shift.location ? ` · ${shift.location}` : ''}
        </span>
      </span>
      {onCancel && !cancelled && (
        <span className="rota-row-actions">
          <CancelShiftButton shift={shift} onCancel={onCancel} />
        </span>
      )}
    </li>
  );
}

/** A visit as a row: its hours and status, the client, the carer (or Unassigned), flagged when outside a shift. */
function VisitRow({ visit }: { visit: AppointmentView }) {
  const carer = carerOfVisit(visit);
  const unassigned = !visit.carerId && visit.status === 'scheduled';
  return (
    <li
      className={`rota-row rota-row-visit rota-visit-${visit.status}`}
      data-testid="rota-visit"
      data-visit-id={visit.id}
    >
      <span className="rota-row-time">
        {visit.startTime}–{visit.endTime}
      </span>
      <span className={unassigned ? 'badge rota-badge-unassigned' : statusBadgeClass(visit.status)}>
        {unassigned ? 'Unassigned' : statusLabel(visit.status)}
      </span>
      <span className="rota-row-main">
        <span className="rota-row-title">{clientName(visit)}</span>
        <span className="rota-row-meta">
          {carer ?? 'Unassigned'} · {capitalize(humanize(visit.visitType))}
        </span>
        {visit.outsideShift && visit.carerId && (
          <span className="rota-chip-flag">
            <AlertTriangle size={12} aria-hidden /> Outside shift
          </span>
        )}
        <TravelNote visit={visit} />
      </span>
    </li>
  );
}
