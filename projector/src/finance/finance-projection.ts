import { sql } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { financeSchema } from './finance-schema';

const FINANCE_EVENTS = new Set([
  'FunderAdded',
  'FunderRateSet',
  'ClientFundingSet',
  'InvoiceIssued',
  'InvoiceDraftEdited',
  'InvoiceSent',
  'InvoicePaymentRecorded',
  'CreditNoteIssued',
]);
type FinanceRecorded = Extract<
  RecordedEvent,
  {
    type:
      | 'FunderAdded'
      | 'FunderRateSet'
      | 'ClientFundingSet'
      | 'InvoiceIssued'
      | 'InvoiceDraftEdited'
      | 'InvoiceSent'
      | 'InvoicePaymentRecorded'
      | 'CreditNoteIssued';
  }
>;

/**
 * Funders, rates, client funding, invoices with their payments and credit notes (GET /api/finance/...). Paid and
 * credited totals are kept on the invoice row so the list and the overview sum without joins; status is derived
 * by the read API from them and the due date (overdue needs today's date, so it is never stored).
 */
export const financeProjection: Projection = {
  name: 'finance',
  // 2: purchase order, notes and the stream revision (Edit while draft).
  // 3: rates agreed for one client (client_key in the rates' key).
  version: 3,
  tables: [
    'finance_funders',
    'finance_funder_rates',
    'finance_client_funding',
    'finance_invoices',
    'finance_invoice_payments',
    'finance_credit_notes',
  ],
  schema: financeSchema,
  handles: (type) => FINANCE_EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as FinanceRecorded[]) {
      switch (event.type) {
        case 'FunderAdded': {
          const { funderId, name, kind, invoiceEmail, paymentTermsDays } = event.data;
          await db
            .insertInto('finance_funders')
            .values({
              funder_id: funderId,
              name,
              kind,
              invoice_email: invoiceEmail,
              payment_terms_days: paymentTermsDays,
            })
            .onConflict((oc) => oc.column('funder_id').doNothing())
            .execute();
          break;
        }
        case 'FunderRateSet': {
          const d = event.data;
          const row = {
            weekday_hourly_pence: d.weekdayHourlyPence,
            weekend_hourly_pence: d.weekendHourlyPence,
            bank_holiday_hourly_pence: d.bankHolidayHourlyPence,
            minimum_charge_pence: d.minimumChargePence,
            billing_increment_minutes: d.billingIncrementMinutes,
            duration_basis: d.durationBasis,
            mileage_pence_per_mile: d.mileagePencePerMile,
          };
          await db
            .insertInto('finance_funder_rates')
            .values({
              funder_id: d.funderId,
              client_key: d.clientId ?? '',
              client_id: d.clientId ?? null,
              effective_from: d.effectiveFrom,
              ...row,
            })
            .onConflict((oc) => oc.columns(['funder_id', 'client_key', 'effective_from']).doUpdateSet(row))
            .execute();
          break;
        }
        case 'ClientFundingSet': {
          const shares = JSON.stringify(event.data.shares);
          await db
            .insertInto('finance_client_funding')
            .values({ client_id: event.data.clientId, effective_from: event.data.effectiveFrom, shares })
            .onConflict((oc) => oc.columns(['client_id', 'effective_from']).doUpdateSet({ shares }))
            .execute();
          break;
        }
        case 'InvoiceIssued': {
          const d = event.data;
          // INV-<year>-<n>: kept as numbers to order the list; anything else (never written by decide) sorts as 0.
          const [, year, sequence] = /^INV-(\d{4})-(\d{1,7})$/.exec(d.number) ?? [];
          await db
            .insertInto('finance_invoices')
            .values({
              id: d.invoiceId,
              number: d.number,
              number_year: Number(year ?? 0),
              number_sequence: Number(sequence ?? 0),
              client_id: d.clientId,
              funder_id: d.funderId,
              share_percent: d.sharePercent,
              period_start: d.periodStart,
              period_end: d.periodEnd,
              issued_on: d.issuedOn,
              due_on: d.dueOn,
              lines: JSON.stringify(d.lines),
              total_pence: d.totalPence,
              paid_pence: 0,
              credited_pence: 0,
              sent_at: null,
              sent_to: null,
              purchase_order: null,
              notes: null,
              revision: String(event.revision),
              created_at: event.metadata.occurredAt,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'InvoiceDraftEdited': {
          const d = event.data;
          // The lines made from the record stay; the hand-added charges are replaced by the edit's.
          const charges = d.charges.map((charge) => ({
            appointmentId: null,
            date: charge.date,
            description: charge.description,
            minutes: 0,
            hourlyRatePence: 0,
            amountPence: charge.amountPence,
            kind: 'charge',
          }));
          await db
            .updateTable('finance_invoices')
            .set({
              due_on: d.dueOn,
              purchase_order: d.purchaseOrder,
              notes: d.notes,
              total_pence: d.totalPence,
              lines:
                sql<string>`coalesce((select jsonb_agg(line) from jsonb_array_elements(lines) line where line->>'kind' <> 'charge'), '[]'::jsonb) || ${JSON.stringify(charges)}::jsonb` as never,
              revision: String(event.revision),
            })
            .where('id', '=', d.invoiceId)
            .execute();
          break;
        }
        case 'InvoiceSent':
          await db
            .updateTable('finance_invoices')
            .set({ sent_at: event.metadata.occurredAt, sent_to: event.data.sentTo, revision: String(event.revision) })
            .where('id', '=', event.data.invoiceId)
            .execute();
          break;
        case 'InvoicePaymentRecorded': {
          const d = event.data;
          await db
            .insertInto('finance_invoice_payments')
            .values({
              payment_id: d.paymentId,
              invoice_id: d.invoiceId,
              client_id: d.clientId,
              amount_pence: d.amountPence,
              received_on: d.receivedOn,
              method: d.method,
              reference: d.reference,
            })
            .execute();
          await db
            .updateTable('finance_invoices')
            .set({ paid_pence: sql<string>`paid_pence + ${d.amountPence}` as never, revision: String(event.revision) })
            .where('id', '=', d.invoiceId)
            .execute();
          break;
        }
        case 'CreditNoteIssued': {
          const d = event.data;
          await db
            .insertInto('finance_credit_notes')
            .values({
              credit_note_id: d.creditNoteId,
              invoice_id: d.invoiceId,
              client_id: d.clientId,
              amount_pence: d.amountPence,
              issued_on: d.issuedOn,
              reason: d.reason,
            })
            .execute();
          await db
            .updateTable('finance_invoices')
            .set({
              credited_pence: sql<string>`credited_pence + ${d.amountPence}` as never,
              revision: String(event.revision),
            })
            .where('id', '=', d.invoiceId)
            .execute();
          break;
        }
      }
    }
  },
};
