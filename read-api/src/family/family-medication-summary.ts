import type { Kysely } from 'kysely';
import {
  addDays,
  dosesBetween,
  londonTimeToInstant,
  londonToday,
  type FamilyMedicationDay,
  type FamilyMedicationSummary,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/**
 * The family's medication summary of a client: for each of the last `dayCount` London days (today included), how
 * many doses were given, refused or recorded as missed, how many due by now nobody recorded, and the names of the
 * medicines given. Counts only: no doses, times, reasons or who recorded them. A dose recorded as not required counts
 * in none of them (nothing was due to be taken).
 */
export async function familyMedicationSummary(
  db: Kysely<ReadModelDatabase>,
  clientId: string,
  dayCount: number,
  now: Date = new Date(),
): Promise<FamilyMedicationSummary> {
  const to = londonToday(now);
  const from = addDays(to, 1 - dayCount);
  const start = londonTimeToInstant(from, '00:00');
  const end = londonTimeToInstant(addDays(to, 1), '00:00');
  const [prescriptions, records] = await Promise.all([
    db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('prescriptions')
      .select(['id', 'name', 'schedule'])
      .where('client_id', '=', clientId)
      .execute(),
    db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('medication_records as r')
      .select(['r.prescription_id', 'r.due_at', 'r.administered_at', 'r.status'])
      .where('r.client_id', '=', clientId)
      .where((eb) =>
        eb.or([
          eb.and([eb('r.due_at', '>=', new Date(start)), eb('r.due_at', '<', new Date(end))]),
          eb.and([
            eb('r.due_at', 'is', null),
            eb('r.administered_at', '>=', new Date(start)),
            eb('r.administered_at', '<', new Date(end)),
          ]),
        ]),
      )
      .execute(),
  ]);
  const names = new Map(prescriptions.map((prescription) => [prescription.id, prescription.name]));
  const days = new Map<string, FamilyMedicationDay>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { date, given: 0, refused: 0, missed: 0, notRecorded: 0, medicinesGiven: [] };
      days.set(date, day);
    }
    return day;
  };
  for (let index = 0; index < dayCount; index += 1) dayOf(addDays(from, index));
  const recordedDoses = new Set<string>();
  for (const record of records) {
    const at = record.due_at ?? record.administered_at;
    if (record.due_at !== null) recordedDoses.add(`${record.prescription_id} ${record.due_at.toISOString()}`);
    const day = dayOf(londonToday(at));
    if (record.status === 'given') {
      day.given += 1;
      const name = names.get(record.prescription_id);
      if (name !== undefined && !day.medicinesGiven.includes(name)) day.medicinesGiven.push(name);
    } else if (record.status === 'refused') day.refused += 1;
    else if (record.status === 'missed') day.missed += 1;
  }
  // Doses due before now with no record: a dose still to come today is not "not recorded" yet.
  const dueUntil = new Date(Math.min(now.getTime(), Date.parse(end))).toISOString();
  for (const prescription of prescriptions) {
    for (const dose of dosesBetween(prescription.schedule, start, dueUntil)) {
      if (!recordedDoses.has(`${prescription.id} ${new Date(dose.dueAt).toISOString()}`))
        dayOf(dose.date).notRecorded += 1;
    }
  }
  return {
    from,
    to,
    days: [...days.values()]
      .sort((a, b) => (a.date < b.date ? -1 : 1))
      .map((day) => ({ ...day, medicinesGiven: [...day.medicinesGiven].sort() })),
  };
}
