import { z } from 'zod';
import {
  integerBetween,
  optionalReference,
  optionalText,
  requiredDate,
  requiredReference,
  requiredText,
} from '../fields';
import { TEXT_LIMITS } from '../limits';
import { BILLING_DURATION_BASES, FINANCE_MONEY_LIMITS, FUNDER_KINDS, PAYMENT_METHODS } from './finance-enums';
import { INVOICE_CHARGES_MAX } from './finance-events';

/** Money in the API is integer pence (CONTRACTS: "integer pence everywhere"); the UI converts pounds. */
const pence = (label: string, max: number) =>
  integerBetween(0, max, `${label} must be a whole number of pence from 0 to ${max}`);

/** POST /api/finance/funders */
export const addFunderRequestSchema = z.object({
  name: requiredText('Name is required', TEXT_LIMITS.contactName),
  kind: z.enum(FUNDER_KINDS, { error: `Kind must be one of: ${FUNDER_KINDS.join(', ')}` }),
  invoiceEmail: optionalText(TEXT_LIMITS.email).pipe(
    z.email({ error: 'Must be a valid email address' }).nullable().optional(),
  ),
  paymentTermsDays: integerBetween(0, 120, 'Payment terms must be 0 to 120 days').default(30),
});
export type AddFunderRequest = z.input<typeof addFunderRequestSchema>;
export type AddFunderCommandInput = z.output<typeof addFunderRequestSchema>;

/** POST /api/finance/funders/:id/rates: a rate from a date on. */
export const setFunderRateRequestSchema = z.object({
  effectiveFrom: requiredDate('Effective date is required'),
  weekdayHourlyPence: pence('Weekday rate', FINANCE_MONEY_LIMITS.hourlyRatePence),
  weekendHourlyPence: pence('Weekend rate', FINANCE_MONEY_LIMITS.hourlyRatePence),
  bankHolidayHourlyPence: pence('Bank holiday rate', FINANCE_MONEY_LIMITS.hourlyRatePence),
  minimumChargePence: pence('Minimum charge', FINANCE_MONEY_LIMITS.visitChargePence).default(0),
  billingIncrementMinutes: integerBetween(1, 60, 'Billing increment must be 1 to 60 minutes').default(15),
  durationBasis: z
    .enum(BILLING_DURATION_BASES, { error: 'Duration basis must be actual or planned' })
    .default('actual'),
  /** HMRC's approved mileage rate (45p) is the default. */
  mileagePencePerMile: pence('Mileage rate', FINANCE_MONEY_LIMITS.mileagePencePerMile).default(45),
  /** A rate agreed for one client of the funder; left out, blank or null: the funder's rate for every client. */
  clientId: optionalReference('Client not found').transform((value) => value ?? null),
});
export type SetFunderRateRequest = z.input<typeof setFunderRateRequestSchema>;
export type SetFunderRateCommandInput = z.output<typeof setFunderRateRequestSchema>;

/** PUT /api/finance/clients/:clientId/funding */
export const setClientFundingRequestSchema = z.object({
  effectiveFrom: requiredDate('Effective date is required'),
  shares: z
    .array(
      z.object({
        funderId: requiredReference('Funder is required', 'Funder not found'),
        percent: integerBetween(1, 100, 'Each share must be a whole percentage from 1 to 100'),
      }),
    )
    .min(1, 'At least one funder is required')
    .max(5, 'At most 5 funders'),
});
export type SetClientFundingRequest = z.input<typeof setClientFundingRequestSchema>;
export type SetClientFundingCommandInput = z.output<typeof setClientFundingRequestSchema>;

/** POST /api/finance/invoices/:id/payments */
export const recordPaymentRequestSchema = z.object({
  amountPence: integerBetween(1, FINANCE_MONEY_LIMITS.invoicePence, 'Amount must be a whole number of pence above 0'),
  receivedOn: requiredDate('Date received is required'),
  method: z
    .enum(PAYMENT_METHODS, { error: `Method must be one of: ${PAYMENT_METHODS.join(', ')}` })
    .default('bank_transfer'),
  reference: optionalText(TEXT_LIMITS.reference),
});
export type RecordPaymentCommandInput = z.output<typeof recordPaymentRequestSchema>;

/**
 * PATCH /api/finance/invoices/:id: a draft's terms (until it is sent, paid or credited). The charges replace the
 * draft's earlier hand-added charges; the visit lines are never edited (they follow the visit record).
 */
export const editInvoiceDraftRequestSchema = z.object({
  /** Absent: the due date stays as it is. */
  dueOn: requiredDate('Due date must be a date').optional(),
  purchaseOrder: optionalText(TEXT_LIMITS.reference),
  notes: optionalText(TEXT_LIMITS.shortReason),
  charges: z
    .array(
      z.object({
        date: requiredDate('Charge date is required'),
        description: requiredText('Charge description is required', TEXT_LIMITS.title),
        amountPence: integerBetween(
          1,
          FINANCE_MONEY_LIMITS.visitChargePence,
          `Charge must be a whole number of pence from 1 to ${FINANCE_MONEY_LIMITS.visitChargePence}`,
        ),
      }),
    )
    .max(INVOICE_CHARGES_MAX, `At most ${INVOICE_CHARGES_MAX} charges`)
    .default([]),
});
export type EditInvoiceDraftCommandInput = z.output<typeof editInvoiceDraftRequestSchema>;

/** POST /api/finance/invoices/:id/credit-notes */
export const issueCreditNoteRequestSchema = z.object({
  amountPence: integerBetween(1, FINANCE_MONEY_LIMITS.invoicePence, 'Amount must be a whole number of pence above 0'),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type IssueCreditNoteCommandInput = z.output<typeof issueCreditNoteRequestSchema>;

/** POST /api/finance/invoices/generate: the period's completed visits, for every client or one. */
export const generateInvoicesRequestSchema = z.object({
  periodStart: requiredDate('Period start is required'),
  periodEnd: requiredDate('Period end is required'),
  clientId: optionalReference('Client not found'),
  /** Defaults to today (London). */
  issuedOn: requiredDate('Issue date must be a date').optional(),
});
export type GenerateInvoicesCommandInput = z.output<typeof generateInvoicesRequestSchema>;

/** The reply: the invoices issued, and what could not be invoiced (no funding, no rate in force) per client. */
export const generateInvoicesReplySchema = z.object({
  invoices: z.array(
    z.object({ id: z.uuid(), number: z.string(), clientId: z.uuid(), funderId: z.uuid(), totalPence: z.int() }),
  ),
  problems: z.array(z.object({ clientId: z.uuid(), funderId: z.string(), date: z.string(), message: z.string() })),
  /** The last write's position token (read your writes); null when nothing was invoiced. */
  position: z.string().nullable(),
});

/** POST /api/finance/invoices/:id/sent: who it was sent to (null: handed over or posted). */
/** Send's reply: where the PDF was mailed (null: no invoice address, so sent by hand). */
export const sendInvoiceReplySchema = z.strictObject({
  id: z.uuid(),
  revision: z.string(),
  position: z.string().nullable(),
  sentTo: z.string().nullable(),
});
export type SendInvoiceReply = z.infer<typeof sendInvoiceReplySchema>;

export const markInvoiceSentRequestSchema = z.object({
  sentTo: optionalText(TEXT_LIMITS.email).pipe(
    z.email({ error: 'Must be a valid email address' }).nullable().optional(),
  ),
});
