import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

export interface TimelinessCandidatesQuery {
  /** Minutes after the start before a visit without a check-in is running late. */
  readonly lateGraceMinutes: number;
  readonly now: Date;
  readonly limit: number;
}

/** PostgreSQL's "undefined_table": the projector has not created the appointments table yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * The command side's visit-timeliness policy asks the appointments read model which visits may have become
 * late or missed: scheduled, not yet raised as running late, and past their start plus the grace period, or
 * past their planned end. Oldest first. The policy then decides each one on the visit's own stream, so this
 * list only says where to look: a lagging read model delays an event, never raises a wrong one.
 * Reads only columns every version of the table has (id, status, scheduled_start, scheduled_end,
 * running_late), so it works while a new version of the projection is being rebuilt beside it.
 */
export async function timelinessCandidates(
  db: Kysely<ReadModelDatabase>,
  query: TimelinessCandidatesQuery,
): Promise<string[]> {
  const now = query.now;
  const lateFrom = new Date(now.getTime() - query.lateGraceMinutes * 60_000);
  try {
    const rows = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments')
      .select(sql<string>`id::text`.as('id'))
      .where('status', '=', 'scheduled')
      .where((eb) =>
        eb.or([
          eb.and([eb('running_late', '=', false), eb('scheduled_start', '<=', lateFrom)]),
          eb('scheduled_end', '<=', now),
        ]),
      )
      .orderBy('scheduled_start')
      .limit(query.limit)
      .execute();
    return rows.map((row) => row.id);
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
