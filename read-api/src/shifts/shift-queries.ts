import type { Kysely } from 'kysely';
import type { ShiftStatus, ShiftType, ShiftView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { DateRange } from '../appointments/query-fields';
import { londonClock } from '../shared/london-clock';

export interface ShiftFilter {
  readonly range: DateRange;
  readonly carerId?: string | undefined;
  /** A carer (appointments.readOwn): only the shifts of the carer record linked to their account. */
  readonly ownUserId?: string | undefined;
}

export class ShiftQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /** Shifts starting on the range's London dates, by start; names from the appointments' carer names (kept after removal). */
  async list({ range, carerId, ownUserId }: ShiftFilter): Promise<ShiftView[]> {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('shifts as s')
      .leftJoin('appointment_carer_names as ca', 'ca.id', 's.carer_id')
      .selectAll('s')
      .select((eb) => [
        'ca.first_name',
        'ca.last_name',
        londonClock<string>('s.start_time').as('start_clock'),
        londonClock<string>('s.end_time').as('end_clock'),
        eb
          .selectFrom('appointments as a')
          .select(eb.fn.countAll<string>().as('count'))
          .whereRef('a.carer_id', '=', 's.carer_id')
          .where('a.status', '<>', 'cancelled')
          .whereRef('a.scheduled_start', '>=', 's.start_time')
          .whereRef('a.scheduled_end', '<=', 's.end_time')
          .as('visit_count'),
      ])
      .where('s.date', '>=', range.from)
      .where('s.date', '<=', range.to)
      .orderBy('s.start_time')
      .orderBy('s.id');
    if (carerId !== undefined) query = query.where('s.carer_id', '=', carerId);
    if (ownUserId !== undefined) {
      query = query.where('s.carer_id', 'in', (eb) =>
        eb.selectFrom('appointment_carer_names as own').select('own.id').where('own.user_id', '=', ownUserId),
      );
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.id,
      carerId: row.carer_id,
      carerName: [row.first_name, row.last_name].filter(Boolean).join(' '),
      shiftType: row.shift_type as ShiftType,
      startTime: row.start_time.toISOString(),
      endTime: row.end_time.toISOString(),
      breakMinutes: row.break_minutes,
      location: row.location,
      status: row.status as ShiftStatus,
      notes: row.notes,
      cancellationReason: row.cancellation_reason,
      date: row.date,
      startClock: row.start_clock,
      endClock: row.end_clock,
      visitCount: Number(row.visit_count ?? 0),
      revision: String(row.revision),
    }));
  }
}
