import { sql, type Kysely } from 'kysely';
import {
  MAX_VISIT_MINUTES,
  type AppointmentStatus,
  type CheckInSource,
  type FamilyVisitView,
  type FamilyVisitWhen,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { londonClock } from '../shared/london-clock';
import { countOf, pageOf, type Page } from '../shared/paging';

/**
 * A client's visits as the family portal shows them. Upcoming: not completed and not yet past their planned end,
 * soonest first. Past: completed, or past their planned end, newest first. Both read the client's visits from the
 * index on (client_id, scheduled_start, id), so a page is found without sorting a year of visits.
 */
export async function familyVisits(
  db: Kysely<ReadModelDatabase>,
  clientId: string,
  when: FamilyVisitWhen,
  page: Page,
  now: Date = new Date(),
): Promise<{ rows: FamilyVisitView[]; total: number }> {
  const base = db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('appointments as a')
    .leftJoin('appointment_carer_names as ca', 'ca.id', 'a.carer_id')
    .where('a.client_id', '=', clientId);
  const filtered =
    when === 'upcoming'
      ? base
          .where('a.status', '<>', 'completed')
          .where('a.scheduled_end', '>', now)
          // Implied by the planned end (no visit is longer), and lets the index skip the client's past visits.
          .where('a.scheduled_start', '>', new Date(now.getTime() - MAX_VISIT_MINUTES * 60_000))
      : base.where((eb) => eb.or([eb('a.status', '=', 'completed'), eb('a.scheduled_end', '<=', now)]));
  const direction = when === 'upcoming' ? 'asc' : 'desc';
  const ordered = filtered
    .select([
      'a.id',
      'a.date',
      'a.status',
      'a.tasks',
      'a.tasks_completed',
      'a.checked_in_at',
      'a.checked_out_at',
      'a.check_in_source',
      'a.check_out_source',
      'a.check_in_recorded_at',
      'a.check_out_recorded_at',
      'a.check_in_offline_captured_at',
      'a.check_out_offline_captured_at',
      'a.visit_notes',
      'a.note_shared_with_family',
      // The first name only: a family member is never told the carer's surname, phone or whereabouts.
      'ca.first_name as carer_first_name',
      londonClock<string>('a.scheduled_start').as('start_clock'),
      londonClock<string>('a.scheduled_end').as('end_clock'),
    ])
    .orderBy('a.scheduled_start', direction)
    .orderBy('a.id', direction);
  const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(filtered.select(sql`1`.as('one')))]);
  return {
    total,
    rows: rows.map((row) => {
      const checkedOut = row.checked_out_at !== null;
      return {
        id: row.id,
        date: row.date,
        startTime: row.start_clock,
        endTime: row.end_clock,
        status: row.status as AppointmentStatus,
        carerFirstName: row.carer_first_name,
        arrived:
          row.checked_in_at === null
            ? null
            : {
                at: row.checked_in_at.toISOString(),
                source: row.check_in_source as CheckInSource | null,
                enteredByHand: row.check_in_recorded_at !== null,
                recordedOffline: row.check_in_offline_captured_at !== null,
              },
        left:
          row.checked_out_at === null
            ? null
            : {
                at: row.checked_out_at.toISOString(),
                source: row.check_out_source as CheckInSource | null,
                enteredByHand: row.check_out_recorded_at !== null,
                recordedOffline: row.check_out_offline_captured_at !== null,
              },
        tasks: checkedOut ? row.tasks.map((name) => ({ name, done: row.tasks_completed.includes(name) })) : [],
        // Only a note the carer chose to share; anything else they wrote stays with the staff.
        sharedNote: row.note_shared_with_family ? row.visit_notes : null,
      };
    }),
  };
}
