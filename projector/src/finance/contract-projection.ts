import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import type { TableSchema } from '../projection-schema';

const CONTRACT_EVENTS = new Set(['ContractCreated', 'ContractRenewed', 'ExchangeRatesSet']);
type ContractRecorded = Extract<RecordedEvent, { type: 'ContractCreated' | 'ContractRenewed' | 'ExchangeRatesSet' }>;

const contractSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('finance_contracts')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('contract_number', 'text', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('end_date', 'date', (c) => c.notNull())
      .addColumn('value_pence', 'bigint', (c) => c.notNull())
      .addColumn('services', 'jsonb', (c) => c.notNull())
      .addColumn('renewal_date', 'date', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('finance_exchange_rates')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('set_at', 'timestamptz', (c) => c.notNull())
      .addColumn('effective_on', 'date', (c) => c.notNull())
      .addColumn('usd_micros', 'integer', (c) => c.notNull())
      .addColumn('eur_micros', 'integer', (c) => c.notNull())
      .addColumn('cad_micros', 'integer', (c) => c.notNull())
      .addColumn('aud_micros', 'integer', (c) => c.notNull())
      .addColumn('set_by', 'text', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The register lists by end date; the renewal rule looks by renewal date.
    await db.schema
      .createIndex('finance_contracts_end')
      .ifNotExists()
      .on('finance_contracts')
      .columns(['end_date desc', 'contract_number'])
      .execute();
    await db.schema
      .createIndex('finance_contracts_renewal')
      .ifNotExists()
      .on('finance_contracts')
      .column('renewal_date')
      .execute();
    await db.schema
      .createIndex('finance_contracts_client')
      .ifNotExists()
      .on('finance_contracts')
      .column('client_id')
      .execute();
    await db.schema
      .createIndex('finance_exchange_rates_newest')
      .ifNotExists()
      .on('finance_exchange_rates')
      .columns(['effective_on desc', 'set_at desc'])
      .execute();
  },
};

/**
 * Contracts and exchange rates (GET /api/finance/contracts, /api/finance/exchange-rates), its own projection so the
 * invoice and payroll projections never rebuild for it. Status is derived from the dates at read time.
 */
export const contractsProjection: Projection = {
  name: 'finance_contracts',
  version: 1,
  tables: ['finance_contracts', 'finance_exchange_rates'],
  schema: contractSchema,
  handles: (type) => CONTRACT_EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as ContractRecorded[]) {
      switch (event.type) {
        case 'ContractCreated': {
          const d = event.data;
          await db
            .insertInto('finance_contracts')
            .values({
              id: d.contractId,
              contract_number: d.contractNumber,
              client_id: d.clientId,
              start_date: d.startDate,
              end_date: d.endDate,
              value_pence: d.valuePence,
              services: JSON.stringify(d.services),
              renewal_date: d.renewalDate,
              created_at: event.metadata.occurredAt,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'ContractRenewed':
          await db
            .updateTable('finance_contracts')
            .set({
              end_date: event.data.endDate,
              renewal_date: event.data.renewalDate,
              value_pence: event.data.valuePence,
            })
            .where('id', '=', event.data.contractId)
            .execute();
          break;
        case 'ExchangeRatesSet': {
          const { rates } = event.data;
          await db
            .insertInto('finance_exchange_rates')
            .values({
              event_id: event.eventId,
              set_at: event.metadata.occurredAt,
              effective_on: event.data.effectiveOn,
              usd_micros: rates.USD,
              eur_micros: rates.EUR,
              cad_micros: rates.CAD,
              aud_micros: rates.AUD,
              set_by: event.metadata.userId,
            })
            .onConflict((oc) => oc.column('event_id').doNothing())
            .execute();
          break;
        }
      }
    }
  },
};
