import { ukDate } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { appointmentAnalyticsQueryOptions } from '../../records/appointments/appointment-queries';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { LEAVE_KIND_LABELS } from '../leave';
import { shiftsQueryOptions } from './get-shifts';
import { monthGridOf, monthLabel, WEEKDAY_NAMES } from './rota-dates';
import { isPlanned } from './rota-figures';
import { LeaveChip, useRotaLeave } from './rota-leave';

/** Leave chips shown in one day of the month before "+N on leave" (the day's label names every carer away). */
const LEAVE_PER_DAY = 2;

interface MonthlyViewProps {
  date: string;
  today: string;
  carerId: string;
  /** Opens the week of a day in the Weekly View. */
  onOpenDay: (date: string) => void;
}

/** A month calendar (Monday first) with each day's number of visits and of planned shifts. */
export function MonthlyView({ date, today, carerId, onOpenDay }: MonthlyViewProps) {
  const { month, days } = monthGridOf(date);
  const range = { from: days[0]!, to: days.at(-1)! };
  const visits = useQuery(appointmentAnalyticsQueryOptions(range));
  const shifts = useQuery(shiftsQueryOptions({ ...range, carerId: carerId || undefined }));
  const leave = useRotaLeave(days, carerId);

  if (visits.isPending || shifts.isPending) return <ListLoading what="the month" />;
  if (visits.isError) return <ListLoadError what="visits" error={visits.error} onRetry={() => void visits.refetch()} />;
  if (shifts.isError) return <ListLoadError what="shifts" error={shifts.error} onRetry={() => void shifts.refetch()} />;

  const visitsOn = new Map(visits.data.map((day) => [day.date, day.total - day.cancelled]));
  const shiftsOn = new Map<string, number>();
  for (const shift of shifts.data) if (isPlanned(shift)) shiftsOn.set(shift.date, (shiftsOn.get(shift.date) ?? 0) + 1);

  return (
    <div className="rota-month">
      <h2 className="card-title">{monthLabel(month)}</h2>
      {carerId && <p className="muted small">Visits are counted for every carer; shifts for the filtered carer.</p>}
      <p className="rota-month-legend" aria-hidden>
        <span className="rota-month-visits">● Visits</span>
        <span className="rota-month-shifts">● Shifts</span>
      </p>
      <div className="rota-month-grid" role="group" aria-label={`Visits and shifts in ${monthLabel(month)}`}>
        <div className="rota-month-row" aria-hidden>
          {WEEKDAY_NAMES.map((name) => (
            <div key={name} className="rota-month-head">
              {name}
            </div>
          ))}
        </div>
        {chunk(days, 7).map((week) => (
          <div className="rota-month-row" key={week[0]}>
            {week.map((day) => {
              const visitCount = visitsOn.get(day) ?? 0;
              const shiftCount = shiftsOn.get(day) ?? 0;
              const away = leave.get(day) ?? [];
              const awayText = away.map((item) => `${item.carerName} (${LEAVE_KIND_LABELS[item.kind]})`).join(', ');
              const classes = ['rota-month-day'];
              if (!day.startsWith(month)) classes.push('rota-month-other');
              if (day === today) classes.push('rota-today');
              return (
                <button
                  key={day}
                  type="button"
                  className={classes.join(' ')}
                  data-date={day}
                  aria-label={`${ukDate(day)}: ${plural(visitCount, 'visit')}, ${plural(shiftCount, 'shift')}${
                    away.length > 0 ? `; on leave: ${awayText}` : ''
                  }`}
                  onClick={() => onOpenDay(day)}
                >
                  <span className="rota-month-number">{Number(day.slice(8, 10))}</span>
                  {visitCount > 0 && <Count value={visitCount} noun="visit" className="rota-month-visits" />}
                  {shiftCount > 0 && <Count value={shiftCount} noun="shift" className="rota-month-shifts" />}
                  {away.slice(0, LEAVE_PER_DAY).map((item) => (
                    <LeaveChip key={item.id} leave={item} />
                  ))}
                  {away.length > LEAVE_PER_DAY && (
                    <span className="rota-month-count">+{away.length - LEAVE_PER_DAY} on leave</span>
                  )}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "3 visits"; on a phone only the number shows, in the legend's colour. */
function Count({ value, noun, className }: { value: number; noun: string; className: string }) {
  return (
    <span className={`rota-month-count ${className}`}>
      <strong>{value}</strong>
      <span className="rota-month-word">
        {' '}
        {noun}
        {value === 1 ? '' : 's'}
      </span>
    </span>
  );
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < items.length; index += size) rows.push(items.slice(index, index + size));
  return rows;
}
