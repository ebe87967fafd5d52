import { z } from 'zod';
import {
  BILLING_DURATION_BASES,
  FUNDER_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_METHODS,
} from './finance-enums';

/** The finance read API's replies (GET /api/finance/...). Money is integer pence. */
const pence = z.int();

export const funderRateViewSchema = z.strictObject({
  effectiveFrom: z.string(),
  weekdayHourlyPence: pence,
  weekendHourlyPence: pence,
  bankHolidayHourlyPence: pence,
  minimumChargePence: pence,
  billingIncrementMinutes: z.int(),
  durationBasis: z.enum(BILLING_DURATION_BASES),
  mileagePencePerMile: pence,
  /** A rate agreed for one client (null: the funder's rate for every client), and that client's name. */
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
});
export type FunderRateView = z.infer<typeof funderRateViewSchema>;

export const funderViewSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(FUNDER_KINDS),
  invoiceEmail: z.string().nullable(),
  paymentTermsDays: z.int(),
  /** Every rate, newest effective date first; the first one on or before today is in force. */
  rates: z.array(funderRateViewSchema),
});
export type FunderView = z.infer<typeof funderViewSchema>;

export const invoiceLineViewSchema = z.strictObject({
  appointmentId: z.string().nullable(),
  date: z.string(),
  description: z.string(),
  minutes: z.int(),
  hourlyRatePence: pence,
  amountPence: pence,
  kind: z.enum(INVOICE_LINE_KINDS),
});

export const invoiceViewSchema = z.strictObject({
  id: z.uuid(),
  number: z.string(),
  clientId: z.uuid(),
  clientName: z.string().nullable(),
  funderId: z.uuid(),
  funderName: z.string().nullable(),
  sharePercent: z.int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  totalPence: pence,
  paidPence: pence,
  creditedPence: pence,
  outstandingPence: pence,
  status: z.enum(INVOICE_STATUSES),
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  /** The funder's purchase order, printed on the invoice. */
  purchaseOrder: z.string().nullable(),
  notes: z.string().nullable(),
  /** The invoice stream's revision: send it as If-Match with Edit while draft. */
  revision: z.string(),
  lines: z.array(invoiceLineViewSchema),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const invoiceDetailViewSchema = invoiceViewSchema.extend({
  payments: z.array(
    z.strictObject({
      id: z.uuid(),
      amountPence: pence,
      receivedOn: z.string(),
      method: z.enum(PAYMENT_METHODS),
      reference: z.string().nullable(),
    }),
  ),
  creditNotes: z.array(z.strictObject({ id: z.uuid(), amountPence: pence, issuedOn: z.string(), reason: z.string() })),
});
export type InvoiceDetailView = z.infer<typeof invoiceDetailViewSchema>;

export const financeMonthViewSchema = z.strictObject({
  /** YYYY-MM (London). */
  month: z.string(),
  revenuePence: pence,
  expensesPence: pence,
  netProfitPence: pence,
});

export const financeOverviewViewSchema = z.strictObject({
  /** This calendar month so far (London): invoiced, less credit notes. */
  totalRevenuePence: pence,
  previousRevenuePence: pence,
  /** Change over the previous month in percent, one decimal; null when last month had none. */
  revenueChangePercent: z.number().nullable(),
  pendingInvoicesCount: z.int(),
  pendingInvoicesPence: pence,
  overdueInvoicesCount: z.int(),
  overdueInvoicesPence: pence,
  expensesPence: pence,
  netProfitPence: pence,
  /** Net profit over revenue in percent, one decimal; null without revenue. */
  profitMarginPercent: z.number().nullable(),
  /** The last six months, oldest first (the Overview chart). */
  months: z.array(financeMonthViewSchema),
});
export type FinanceOverviewView = z.infer<typeof financeOverviewViewSchema>;

/** A client and who pays for their care today (null: no funding in force, so their visits cannot be invoiced). */
export const clientFundingViewSchema = z.strictObject({
  clientId: z.uuid(),
  clientName: z.string(),
  clientReference: z.string(),
  funding: z
    .strictObject({
      effectiveFrom: z.string(),
      shares: z.array(z.strictObject({ funderId: z.uuid(), funderName: z.string().nullable(), percent: z.int() })),
    })
    .nullable(),
});
export type ClientFundingView = z.infer<typeof clientFundingViewSchema>;
