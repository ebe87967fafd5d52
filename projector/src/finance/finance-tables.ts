import type { ColumnType } from 'kysely';
import type { BillingDurationBasis, FunderKind, InvoiceLine, PaymentMethod } from '@care/events';

/** Money columns are BIGINT pence: pg returns them as strings, the read API turns them into numbers. */
type Pence = ColumnType<string, number, number>;
type Day = ColumnType<string, string, string>;

export interface FinanceFundersTable {
  funder_id: string;
  name: string;
  kind: FunderKind;
  invoice_email: string | null;
  payment_terms_days: number;
}

export interface FinanceFunderRatesTable {
  funder_id: string;
  /** The client a rate was agreed for; '' for the funder's own rate (a key column cannot be null). */
  client_key: string;
  client_id: string | null;
  effective_from: Day;
  weekday_hourly_pence: number;
  weekend_hourly_pence: number;
  bank_holiday_hourly_pence: number;
  minimum_charge_pence: number;
  billing_increment_minutes: number;
  duration_basis: BillingDurationBasis;
  mileage_pence_per_mile: number;
}

export interface FinanceClientFundingTable {
  client_id: string;
  effective_from: Day;
  shares: ColumnType<{ funderId: string; percent: number }[], string, string>;
}

export interface FinanceInvoicesTable {
  id: string;
  number: string;
  number_year: number;
  number_sequence: number;
  client_id: string;
  funder_id: string;
  share_percent: number;
  period_start: Day;
  period_end: Day;
  issued_on: Day;
  due_on: Day;
  lines: ColumnType<InvoiceLine[], string, string>;
  total_pence: Pence;
  paid_pence: Pence;
  credited_pence: Pence;
  sent_at: ColumnType<Date | null, string | null, string | null>;
  sent_to: string | null;
  purchase_order: string | null;
  notes: string | null;
  /** The invoice stream's revision: the If-Match of Edit while draft. */
  revision: ColumnType<string, string, string>;
  created_at: ColumnType<Date, string, string>;
}

export interface FinanceInvoicePaymentsTable {
  payment_id: string;
  invoice_id: string;
  client_id: string;
  amount_pence: Pence;
  received_on: Day;
  method: PaymentMethod;
  reference: string | null;
}

export interface FinanceCreditNotesTable {
  credit_note_id: string;
  invoice_id: string;
  client_id: string;
  amount_pence: Pence;
  issued_on: Day;
  reason: string;
}

export interface FinanceTables {
  finance_funders: FinanceFundersTable;
  finance_funder_rates: FinanceFunderRatesTable;
  finance_client_funding: FinanceClientFundingTable;
  finance_invoices: FinanceInvoicesTable;
  finance_invoice_payments: FinanceInvoicePaymentsTable;
  finance_credit_notes: FinanceCreditNotesTable;
}
