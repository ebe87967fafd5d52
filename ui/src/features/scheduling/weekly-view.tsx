import type { AppointmentView, LeaveView, ShiftView } from '@care/events';
import { useEffect, useMemo, useRef, useState } from 'react';
import { HOURS, hourOf, hourSpan, overlaps, shortDayLabel } from './rota-dates';
import { isPlanned } from './rota-figures';
import { ShiftChip, VisitChip } from './rota-chips';
import { LeaveChips } from './rota-leave';

/** The grid opens scrolled to the start of the working day; the night hours stay a scroll away. */
const FIRST_HOUR_IN_VIEW = 6;

/** Visits shown in one hour cell before "+N more" (a busy morning would otherwise make the row very tall). */
const VISITS_PER_CELL = 3;

interface WeeklyViewProps {
  days: readonly string[];
  today: string;
  /** The date picked: on a narrow screen the grid scrolls sideways to its column. */
  selected: string;
  visits: readonly AppointmentView[];
  shifts: readonly ShiftView[];
  onCancelShift: ((shift: ShiftView) => void) | undefined;
  /** Each day's approved leave (useRotaLeave): a row of chips under the day names, kept in view while scrolling. */
  leave?: ReadonlyMap<string, LeaveView[]> | undefined;
}

const cellKey = (date: string, hour: number) => `${date} ${hour}`;

/**
 * The rota week of Scheduling & Rotas: Monday first, 24 hourly rows, 7 day columns. Each visit
 * and shift sits in the row of its London start hour; hours covered by a planned shift are shaded.
 */
export function WeeklyView({ days, today, selected, visits, shifts, onCancelShift, leave }: WeeklyViewProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);
  const weekStart = days[0];

  useEffect(() => {
    const container = scroller.current;
    const row = container?.querySelector<HTMLElement>(`tr[data-hour="${FIRST_HOUR_IN_VIEW}"]`);
    const head = container?.querySelector<HTMLElement>('thead');
    if (container && row) container.scrollTop = row.offsetTop - (head?.offsetHeight ?? 0);
  }, [weekStart]);

  useEffect(() => {
    const container = scroller.current;
    const column = container?.querySelector<HTMLElement>(`th[data-date="${selected}"]`);
    const hours = container?.querySelector<HTMLElement>('.rota-hour-head');
    if (container && column) container.scrollLeft = column.offsetLeft - (hours?.offsetWidth ?? 0);
  }, [selected]);

  const { visitsByCell, shiftsByCell, covered } = useMemo(() => {
    const visitsAt = new Map<string, AppointmentView[]>();
    for (const visit of visits) push(visitsAt, cellKey(visit.date, hourOf(visit.startTime)), visit);
    const shiftsAt = new Map<string, ShiftView[]>();
    for (const shift of shifts) push(shiftsAt, cellKey(shift.date, hourOf(shift.startClock)), shift);
    const spans = shifts
      .filter(isPlanned)
      .map((shift) => ({ start: Date.parse(shift.startTime), end: Date.parse(shift.endTime) }));
    const coveredCells = new Set<string>();
    for (const day of days) {
      for (const hour of HOURS) {
        const span = hourSpan(day, hour);
        if (spans.some((shift) => overlaps(shift, span))) coveredCells.add(cellKey(day, hour));
      }
    }
    return { visitsByCell: visitsAt, shiftsByCell: shiftsAt, covered: coveredCells };
  }, [days, visits, shifts]);

  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="rota-scroll" ref={scroller}>
      <table className="rota-grid" aria-label="Weekly rota">
        <thead>
          <tr>
            <th scope="col" className="rota-hour-head">
              <span className="sr-only">Hour</span>
            </th>
            {days.map((day) => (
              <th key={day} scope="col" data-date={day} className={day === today ? 'rota-today' : undefined}>
                {shortDayLabel(day)}
              </th>
            ))}
          </tr>
          {days.some((day) => (leave?.get(day)?.length ?? 0) > 0) && (
            <tr className="rota-leave-row">
              <th scope="row" className="rota-hour">
                Leave
              </th>
              {days.map((day) => (
                <td key={day} data-date={day}>
                  <LeaveChips leave={leave?.get(day)} dayLabel={shortDayLabel(day)} />
                </td>
              ))}
            </tr>
          )}
        </thead>
        <tbody>
          {HOURS.map((hour) => (
            <tr key={hour} data-hour={hour}>
              <th scope="row" className="rota-hour">
                {String(hour).padStart(2, '0')}:00
              </th>
              {days.map((day) => {
                const key = cellKey(day, hour);
                const cellVisits = visitsByCell.get(key) ?? [];
                const cellShifts = shiftsByCell.get(key) ?? [];
                const open = expanded.has(key);
                const shown = open ? cellVisits : cellVisits.slice(0, VISITS_PER_CELL);
                const hidden = cellVisits.length - shown.length;
                return (
                  <td
                    key={day}
                    className={covered.has(key) ? 'rota-cell rota-cell-covered' : 'rota-cell'}
                    data-date={day}
                    data-hour={hour}
                  >
                    {cellShifts.map((shift) => (
                      <ShiftChip key={shift.id} shift={shift} showCarer onCancel={onCancelShift} />
                    ))}
                    {shown.map((visit) => (
                      <VisitChip key={visit.id} visit={visit} />
                    ))}
                    {(hidden > 0 || (open && cellVisits.length > VISITS_PER_CELL)) && (
                      <button
                        type="button"
                        className="link-button rota-more"
                        aria-expanded={open}
                        onClick={() => toggle(key)}
                      >
                        {open ? 'Show fewer' : `+${hidden} more`}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
