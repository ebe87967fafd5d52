import type { Kysely } from 'kysely';
import type { ReadModelDatabase } from '../read-model/database';
import type { AppointmentRecord } from './appointment-record';

/** On time, as every punctuality figure counts it: a check-in at most 15 minutes after the planned start (punctuality.ts). */
const ON_TIME = new Set(['On Time', 'Early']);
interface Contribution {
  readonly key: string;
  readonly carerId: string | null;
  readonly date: string;
  readonly completed: number;
  readonly onTime: number;
  readonly rated: number;
  readonly ratingSum: number;
}

/** What one visit adds to its carer's day: completed, on time, and the client's rating. */
function contributionOf(record: AppointmentRecord): Contribution {
  const carerId = record.carer_id;
  const completed = record.status === 'completed' ? 1 : 0;
  const rated = record.client_rating === null ? 0 : 1;
  return {
    key: `${carerId}|${record.date}`,
    carerId,
    date: record.date,
    completed,
    onTime: completed && record.punctuality !== null && ON_TIME.has(record.punctuality) ? 1 : 0,
    rated,
    ratingSum: record.client_rating ?? 0,
  };
}

/**
 * The dashboard's on-time rate and client satisfaction read these per-carer, per-day sums instead of every visit
 * (a few thousand rows at 100,000 visits). A batch adds each touched visit's contribution after it and takes away
 * its contribution before it; a day left with nothing is deleted, so live and rebuilt tables hold the same rows.
 */
export async function applyDayTotals(
  db: Kysely<ReadModelDatabase>,
  before: ReadonlyMap<string, AppointmentRecord>,
  after: readonly AppointmentRecord[],
): Promise<void> {
  const deltas = new Map<
    string,
    { carer_id: string | null; date: string; completed: number; on_time: number; rated: number; rating_sum: number }
  >();
  const add = (contribution: Contribution, sign: 1 | -1) => {
    const delta = deltas.get(contribution.key) ?? {
      carer_id: contribution.carerId,
      date: contribution.date,
      completed: 0,
      on_time: 0,
      rated: 0,
      rating_sum: 0,
    };
    delta.completed += sign * contribution.completed;
    delta.on_time += sign * contribution.onTime;
    delta.rated += sign * contribution.rated;
    delta.rating_sum += sign * contribution.ratingSum;
    deltas.set(contribution.key, delta);
  };
  for (const record of after) {
    const previous = before.get(record.id);
    if (previous) add(contributionOf(previous), -1);
    add(contributionOf(record), 1);
  }
  const rows = [...deltas.values()].filter(
    (row) => row.completed !== 0 || row.on_time !== 0 || row.rated !== 0 || row.rating_sum !== 0,
  );
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    await db
      .insertInto('appointment_day_totals')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['carer_id', 'date']).doUpdateSet((eb) => ({
          completed: eb('appointment_day_totals.completed', '+', eb.ref('excluded.completed')),
          on_time: eb('appointment_day_totals.on_time', '+', eb.ref('excluded.on_time')),
          rated: eb('appointment_day_totals.rated', '+', eb.ref('excluded.rated')),
          rating_sum: eb('appointment_day_totals.rating_sum', '+', eb.ref('excluded.rating_sum')),
        })),
      )
      .execute();
    // Only a day that lost something can be left with nothing.
    const shrunk = chunk.filter((row) => row.completed < 0 || row.rated < 0);
    if (shrunk.length === 0) continue;
    await db
      .deleteFrom('appointment_day_totals')
      .where('completed', '=', 0)
      .where('rated', '=', 0)
      .where((eb) =>
        eb.or(
          shrunk.map((row) =>
            eb.and([eb('carer_id', row.carer_id === null ? 'is' : '=', row.carer_id), eb('date', '=', row.date)]),
          ),
        ),
      )
      .execute();
  }
}
