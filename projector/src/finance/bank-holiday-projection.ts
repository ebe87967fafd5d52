import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';

type BankHolidayRecorded = Extract<RecordedEvent, { type: 'BankHolidayAdded' | 'BankHolidayRemoved' }>;

/** The administrators' changes to the built-in bank holidays, in log order; the read API folds them over the built-in list. */
export interface FinanceBankHolidayChangesTable {
  event_id: string;
  /** The change's place in the log: changes to one date apply in this order. */
  seq: number;
  date: string;
  change: 'added' | 'removed';
  /** The holiday's name (added) or why the day is not one (removed). */
  text: string;
}

export interface BankHolidayTables {
  finance_bank_holiday_changes: FinanceBankHolidayChangesTable;
}

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
    if (rows.length > 0) await db.insertInto('finance_bank_holiday_changes').values(rows).onConflict((oc) => oc.column('event_id').doNothing()).execute();
  },
};
