import { sql, type Kysely } from 'kysely';
import { DEFAULT_WEEKLY_HOURS_LIMIT, mondayOf } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '../read-model/database';

/** One active carer's booked minutes in one London week (Monday to Sunday), and their weekly hours limit. */
export interface CarerWeekFact {
  carerId: string;
  carerFirstName: string;
  carerLastName: string;
  /** The Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  minutes: number;
  /** From the carer's working pattern; 48 when none is recorded. */
  weeklyHoursLimit: number;
}

type Db = Kysely<ReadModelDatabase>;
const UNDEFINED_TABLE = '42P01';

/**
 * Each active carer's booked minutes per London week, for the weeks from `fromDate`'s week on (only `carerIds` when
 * given). Visits count by the London date of their start, cancelled ones left out, as the rota counts them
 * (read-api weekMinutesOf). Until the projector has created the tables, nothing.
 */
export async function carerWeeks(
  db: Db,
  fromDate: string,
  keys?: readonly { carerId: string; weekStart: string }[],
): Promise<CarerWeekFact[]> {
  const weekStart = sql<string>`to_char(date_trunc('week', a.date::timestamp), 'YYYY-MM-DD')`;
  let query = db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments as a')
    .innerJoin('carers as c', 'c.id', 'a.carer_id')
    .leftJoin('carer_working_patterns as p', 'p.carer_id', 'a.carer_id')
    .select([
      sql<string>`a.carer_id::text`.as('carerId'),
      'c.first_name as carerFirstName',
      'c.last_name as carerLastName',
      weekStart.as('weekStart'),
      sql<number>`sum(a.duration_minutes)::int`.as('minutes'),
      sql<number>`coalesce(p.weekly_hours_limit, ${DEFAULT_WEEKLY_HOURS_LIMIT})::float8`.as('weeklyHoursLimit'),
    ])
    .where('a.status', '!=', 'cancelled')
    .where('c.is_active', '=', true)
    .where('a.date', '>=', mondayOf(fromDate))
    .groupBy([
      'a.carer_id',
      sql`date_trunc('week', a.date::timestamp)`,
      'c.first_name',
      'c.last_name',
      'p.weekly_hours_limit',
    ]);
  if (keys !== undefined) {
    if (keys.length === 0) return [];
    query = query.where(
      sql<boolean>`a.carer_id::text || '/' || ${weekStart} = any(${sql.val(keys.map((key) => `${key.carerId}/${key.weekStart}`))})`,
    );
  }
  try {
    return await query.execute();
  } catch (error) {
    if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
    throw error;
  }
}
