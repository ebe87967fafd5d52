import { sql, type Kysely } from 'kysely';
import type { EmergencyContextView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** The UK's emergency number: the screen's first button dials it. */
export const EMERGENCY_NUMBER = '999';

type Visit = EmergencyContextView['visit'];

/**
 * The emergency screen's visit: the reader's own carer record's visit in progress (latest check-in), else their
 * next scheduled visit that has not ended yet (a late one included). Its client's emergency contacts come from the
 * client record now, so a changed number shows at once.
 */
export class EmergencyQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  async currentVisit(userId: string): Promise<Visit> {
    const visits = () =>
      this.db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('appointments as visit')
        .innerJoin('clients as client', 'client.id', 'visit.client_id')
        .where((eb) =>
          eb(
            'visit.carer_id',
            'in',
            eb.selectFrom('appointment_carer_names as me').select('me.id').where('me.user_id', '=', userId),
          ),
        )
        .select([
          'visit.id',
          'visit.scheduled_start',
          'visit.status',
          'client.id as client_id',
          'client.first_name',
          'client.last_name',
          'client.address',
          'client.phone_number',
          'client.emergency_contact',
          'client.emergency_phone',
        ])
        .limit(1);
    const row =
      (await visits()
        .where('visit.status', '=', 'in_progress')
        .orderBy('visit.checked_in_at', 'desc')
        .orderBy('visit.id')
        .executeTakeFirst()) ??
      (await visits()
        .where('visit.status', '=', 'scheduled')
        .where('visit.scheduled_end', '>', sql<Date>`now()`)
        .orderBy('visit.scheduled_start')
        .orderBy('visit.id')
        .executeTakeFirst());
    if (!row) return null;
    return {
      appointmentId: row.id,
      scheduledStart: row.scheduled_start.toISOString(),
      status: row.status,
      client: {
        id: row.client_id,
        firstName: row.first_name,
        lastName: row.last_name,
        address: row.address,
        phoneNumber: row.phone_number,
        emergencyContact: row.emergency_contact,
        emergencyPhone: row.emergency_phone,
      },
    };
  }
}
