import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';

type BankHolidayRecorded = Extract<RecordedEvent, { type: 'BankHolidayAdded' | 'BankHolidayRemoved' }>;

export const bankHolidaysProjection: Projection = {
  name: 'bank_holidays',
  version: 1,
  tables: ['finance_bank_holiday_changes'],
  schema: {
    async create(db: Kysely<unknown>) {
      await db.schema
        .createTable('finance_bank_holiday_changes')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('change', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .execute();
    },
  },
  handles: (type) => type === 'BankHolidayAdded' || type === 'BankHolidayRemoved',
  async apply(db, events) {
    const rows = (events as BankHolidayRecorded[]).map((event) => ({
      event_id: event.eventId,
      // One stream holds every change: its revision is their order.
      seq: Number(event.revision),
      date: event.data.date,
      change: event.type === 'BankHolidayAdded' ? ('added' as const) : ('removed' as const),
      text: event.type === 'BankHolidayAdded' ? event.data.name : event.data.reason,
    }));
    if (rows.length > 0)
      await db
        .insertInto('finance_bank_holiday_changes')
        .values(rows)
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
  },
};
