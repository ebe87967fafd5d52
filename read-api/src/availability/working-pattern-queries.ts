import { sql, type Kysely, type Selectable } from 'kysely';
import { addDays, type WorkingPattern, type WorkingPatternView } from '@care/events';
import { READ_MODEL_SCHEMA, type CarerWorkingPatternsTable, type ReadModelDatabase } from '@care/projector';

type Row = Selectable<CarerWorkingPatternsTable>;

function patternOf(row: Row): WorkingPattern {
  return {
    weekly: row.weekly,
    exceptions: row.exceptions,
    contractedHoursPerWeek: row.contracted_hours_per_week === null ? null : Number(row.contracted_hours_per_week),
    weeklyHoursLimit: Number(row.weekly_hours_limit),
  };
}

export function workingPatternViewOf(row: Row): WorkingPatternView {
  return {
    carerId: row.carer_id,
    ...patternOf(row),
    optedOutOn: row.opted_out_on,
    revision: String(row.revision),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

/** The recorded working patterns of these carers, by carer id (a carer without one is absent). */
export async function workingPatternsOf(
  db: Kysely<ReadModelDatabase>,
  carerIds: readonly string[],
): Promise<Map<string, WorkingPattern>> {
  if (carerIds.length === 0) return new Map();
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('carer_working_patterns')
    .selectAll()
    .where('carer_id', '=', sql<string>`any(${[...carerIds]}::uuid[])`)
    .execute();
  return new Map(rows.map((row) => [row.carer_id, patternOf(row)]));
}

/**
 * Minutes of each carer's assigned visits that start in the London week (Monday to Sunday) beginning `weekStart`,
 * cancelled ones left out. Every carer asked about is in the answer (0 when they have no visits that week).
 */
export async function weekMinutesOf(
  db: Kysely<ReadModelDatabase>,
  carerIds: readonly string[],
  weekStart: string,
): Promise<Map<string, number>> {
  const minutes = new Map(carerIds.map((carerId) => [carerId, 0]));
  if (carerIds.length === 0) return minutes;
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments')
    .select(['carer_id', (eb) => eb.fn.sum<string>('duration_minutes').as('minutes')])
    .where('carer_id', '=', sql<string>`any(${[...carerIds]}::uuid[])`)
    .where('status', '!=', 'cancelled')
    // date: the London calendar date of the visit's start.
    .where('date', '>=', weekStart)
    .where('date', '<', addDays(weekStart, 7))
    .groupBy('carer_id')
    .execute();
  for (const row of rows) if (row.carer_id !== null) minutes.set(row.carer_id, Number(row.minutes));
  return minutes;
}
