import type { Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

/** The finance tables (created inside the target schema: the live one, or a rebuild's own). Money is BIGINT pence. */
export const financeSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('finance_funders')
      .addColumn('funder_id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('invoice_email', 'text')
      .addColumn('payment_terms_days', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('finance_funder_rates')
      .addColumn('funder_id', 'uuid', (c) => c.notNull())
      .addColumn('client_key', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('client_id', 'uuid')
      .addColumn('effective_from', 'date', (c) => c.notNull())
      .addColumn('weekday_hourly_pence', 'integer', (c) => c.notNull())
      .addColumn('weekend_hourly_pence', 'integer', (c) => c.notNull())
      .addColumn('bank_holiday_hourly_pence', 'integer', (c) => c.notNull())
      .addColumn('minimum_charge_pence', 'integer', (c) => c.notNull())
      .addColumn('billing_increment_minutes', 'integer', (c) => c.notNull())
      .addColumn('duration_basis', 'text', (c) => c.notNull())
      .addColumn('mileage_pence_per_mile', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('finance_funder_rates_key', ['funder_id', 'client_key', 'effective_from'])
      .execute();
    await db.schema
      .createTable('finance_client_funding')
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('effective_from', 'date', (c) => c.notNull())
      .addColumn('shares', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('finance_client_funding_key', ['client_id', 'effective_from'])
      .execute();
    await db.schema
      .createTable('finance_invoices')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('number_year', 'integer', (c) => c.notNull())
      .addColumn('number_sequence', 'integer', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('funder_id', 'uuid', (c) => c.notNull())
      .addColumn('share_percent', 'integer', (c) => c.notNull())
      .addColumn('period_start', 'date', (c) => c.notNull())
      .addColumn('period_end', 'date', (c) => c.notNull())
      .addColumn('issued_on', 'date', (c) => c.notNull())
      .addColumn('due_on', 'date', (c) => c.notNull())
      .addColumn('lines', 'jsonb', (c) => c.notNull())
      .addColumn('total_pence', 'bigint', (c) => c.notNull())
      .addColumn('paid_pence', 'bigint', (c) => c.notNull())
      .addColumn('credited_pence', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz')
      .addColumn('sent_to', 'text')
      .addColumn('purchase_order', 'text')
      .addColumn('notes', 'text')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('finance_invoice_payments')
      .addColumn('payment_id', 'uuid', (c) => c.primaryKey())
      .addColumn('invoice_id', 'uuid', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('amount_pence', 'bigint', (c) => c.notNull())
      .addColumn('received_on', 'date', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('reference', 'text')
      .execute();
    await db.schema
      .createTable('finance_credit_notes')
      .addColumn('credit_note_id', 'uuid', (c) => c.primaryKey())
      .addColumn('invoice_id', 'uuid', (c) => c.notNull())
      .addColumn('client_id', 'uuid', (c) => c.notNull())
      .addColumn('amount_pence', 'bigint', (c) => c.notNull())
      .addColumn('issued_on', 'date', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    // The invoice list: newest first; the overview's outstanding invoices by due date.
    await db.schema
      .createIndex('finance_invoices_newest')
      .ifNotExists()
      .on('finance_invoices')
      .columns(['issued_on desc', 'number_year desc', 'number_sequence desc'])
      .execute();
    await db.schema.createIndex('finance_invoices_due').ifNotExists().on('finance_invoices').column('due_on').execute();
    await db.schema
      .createIndex('finance_invoices_client')
      .ifNotExists()
      .on('finance_invoices')
      .column('client_id')
      .execute();
    await db.schema
      .createIndex('finance_payments_invoice')
      .ifNotExists()
      .on('finance_invoice_payments')
      .column('invoice_id')
      .execute();
    await db.schema
      .createIndex('finance_credit_notes_invoice')
      .ifNotExists()
      .on('finance_credit_notes')
      .column('invoice_id')
      .execute();
  },
};
