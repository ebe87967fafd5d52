import type { CarerView, WorkingTimeView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { formatHours } from '../../shared/format';
import { carerDisplayName } from './get-carers';
import './working-time.css';

/** GET /api/working-time: each carer's booked hours in the London week starting `weekStart`, against their limit. */
export const workingTimeQueryOptions = (weekStart: string) =>
  queryOptions({
    queryKey: [`/api/working-time?week=${weekStart}`],
    queryFn: async () => {
      const rows = await apiGet<WorkingTimeView[]>(`/api/working-time?week=${weekStart}`);
      return new Map(rows.map((row) => [row.carerId, row]));
    },
  });

/** "Over 48 h": the carer's own weekly limit, which is higher for a carer who opted out of the 48-hour week. */
export const overLimitLabel = (row: WorkingTimeView): string => `Over ${formatHours(row.weeklyHoursLimit)}`;

/** The roster's cell: the week's booked hours, flagged when over the carer's limit. */
export function WorkingTimeCell({ row }: { row: WorkingTimeView | undefined }) {
  if (!row) return <span className="muted">0 h</span>;
  return (
    <span className="rota-working-time">
      {formatHours(row.minutes / 60)}
      {row.overLimit && (
        <span className="badge working-time-over rota-inline-badge" data-testid="over-limit-flag">
          {overLimitLabel(row)}
        </span>
      )}
    </span>
  );
}

/**
 * Above the week: every carer whose visits this week add up to more than their weekly hours limit, with the hours
 * (the working time alert says the same on the alerts screen). Nothing when nobody is over.
 */
export function WorkingTimeFlags({
  workingTime,
  carers,
  carerId,
}: {
  workingTime: ReadonlyMap<string, WorkingTimeView> | undefined;
  carers: readonly CarerView[];
  /** The Filter's carer ('' = everyone). */
  carerId: string;
}) {
  const over = [...(workingTime?.values() ?? [])].filter(
    (row) => row.overLimit && (carerId === '' || row.carerId === carerId),
  );
  if (over.length === 0) return null;
  const nameOf = (id: string) => {
    const carer = carers.find((candidate) => candidate.id === id);
    return carer ? carerDisplayName(carer) : 'A carer';
  };
  return (
    <section className="card rota-working-time-flags" aria-label="Weekly working time" data-testid="working-time-flags">
      <ul>
        {over.map((row) => (
          <li key={row.carerId}>
            <span className="badge working-time-over">{overLimitLabel(row)}</span> {nameOf(row.carerId)}:{' '}
            {formatHours(row.minutes / 60)} booked this week
          </li>
        ))}
      </ul>
    </section>
  );
}
