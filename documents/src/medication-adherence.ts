import type { Kysely } from 'kysely';
import {
  addDays,
  dosesBetween,
  londonTimeToInstant,
  type DoseSchedule,
  type QualityMetric,
  type ReportScope,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

const RULE =
  'Doses recorded as given ÷ doses due in the range (not counting "not required"); a due dose with no outcome counts as not given';

/**
 * Medication adherence over the report's range, by the medications screen's own rule: the doses each
 * prescription's schedule made due between the range's first London midnight and its end (or now), against the
 * outcomes recorded for them. A dose is the client's, not a carer's: with a region or carer filter the figure is
 * not shown rather than guessed.
 */
export async function medicationAdherence(
  db: Kysely<ReadModelDatabase>,
  scope: ReportScope,
  now = new Date(),
): Promise<QualityMetric> {
  const metric = (given: number, due: number, empty: string): QualityMetric => ({
    key: 'medication',
    label: 'Medication adherence',
    value: due === 0 ? null : Math.round((given / due) * 1000) / 10,
    unit: '%',
    numerator: given,
    denominator: due,
    rule: RULE,
    empty,
  });
  if (scope.region !== null || scope.carerId !== null)
    return metric(0, 0, 'Medication adherence is kept per client: clear the region and carer filters to see it');
  const from = londonTimeToInstant(scope.from, '00:00');
  const end = londonTimeToInstant(addDays(scope.to, 1), '00:00');
  const to = Date.parse(end) < now.getTime() ? end : now.toISOString();
  if (Date.parse(to) <= Date.parse(from)) return metric(0, 0, 'No medication administrations recorded');
  const read = db.withSchema(READ_MODEL_SCHEMA);
  const [prescriptions, records] = await Promise.all([
    read.selectFrom('prescriptions').select(['id', 'schedule']).execute(),
    read
      .selectFrom('medication_records')
      .select(['prescription_id', 'due_at', 'status'])
      .where('due_at', '>=', new Date(from))
      .where('due_at', '<', new Date(to))
      .execute(),
  ]);
  const outcomes = new Map(
    records
      .filter((row) => row.due_at !== null)
      .map((row) => [`${row.prescription_id}/${row.due_at!.toISOString()}`, row.status]),
  );
  let given = 0;
  let due = 0;
  for (const prescription of prescriptions) {
    for (const dose of dosesBetween(prescription.schedule as DoseSchedule, from, to)) {
      const status = outcomes.get(`${prescription.id}/${dose.dueAt}`);
      if (status === 'not_required') continue;
      due += 1;
      if (status === 'given') given += 1;
    }
  }
  return metric(given, due, 'No medication administrations recorded');
}
