import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventDate, eventInteger, eventPence, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { bankHolidayEvents } from './bank-holidays';
import {
  BILLING_DURATION_BASES,
  FUNDER_KINDS,
  FINANCE_MONEY_LIMITS,
  INVOICE_LINE_KINDS,
  PAYMENT_METHODS,
} from './finance-enums';

/**
 * Financial Management. Every amount is integer pence (docs/decisions/0009-money-in-pence-durations-in-minutes.md):
 * nothing here is ever a float, and the read model stores BIGINT.
 */

const pence = eventPence(FINANCE_MONEY_LIMITS.invoicePence);
/** Charges added by hand to one draft: a few, never a second list of visits. */
export const INVOICE_CHARGES_MAX = 20;

/** A payer of care: the client themself (private), a local authority, or the NHS (continuing healthcare). */
export const FunderAdded = defineEvent(
  'FunderAdded',
  1,
  z.object({
    funderId: z.uuid(),
    name: eventText(TEXT_LIMITS.contactName),
    kind: z.enum(FUNDER_KINDS),
    /** Where invoices are emailed; null: sent by hand. */
    invoiceEmail: eventText(TEXT_LIMITS.email).nullable(),
    /** Days from issue to due date (30 is the usual local authority term). */
    paymentTermsDays: eventInteger({ min: 0, max: 120 }),
  }),
);

/**
 * A funder's charge rates from a date on. A rate change is a new event with a later date: a visit is charged at
 * the rate in force on its own day (never today's), so re-running an old period gives the same figures.
 */
export const FunderRateSet = defineEvent(
  'FunderRateSet',
  1,
  z.object({
    funderId: z.uuid(),
    effectiveFrom: eventDate(),
    weekdayHourlyPence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence),
    weekendHourlyPence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence),
    bankHolidayHourlyPence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence),
    /** The least a visit is charged, whatever its length (a 10-minute pop-in still costs a call-out). */
    minimumChargePence: eventPence(FINANCE_MONEY_LIMITS.visitChargePence),
    /** Billed time is rounded up to this many minutes (1: to the minute, 15: to the quarter hour). */
    billingIncrementMinutes: eventInteger({ min: 1, max: 60 }),
    /** Charge the actual (checked-in) or the planned duration, as the contract says. */
    durationBasis: z.enum(BILLING_DURATION_BASES),
    mileagePencePerMile: eventPence(FINANCE_MONEY_LIMITS.mileagePencePerMile),
    /**
     * A rate agreed for one client with this funder (a negotiated package): their visits are charged at it from its
     * date, the funder's own rate before. Absent (rates set before it existed) or null: every client of the funder.
     */
    clientId: z.uuid().nullable().optional(),
  }),
);

/** Who pays for a client's care from a date on: one funder at 100%, or a split by whole percentages summing to 100. */
export const ClientFundingSet = defineEvent(
  'ClientFundingSet',
  1,
  z.object({
    clientId: z.uuid(),
    effectiveFrom: eventDate(),
    shares: z
      .array(z.object({ funderId: z.uuid(), percent: eventInteger({ min: 1, max: 100 }) }))
      .min(1)
      .max(5),
  }),
);

/** The next invoice number of a year was taken (one stream per year, appended with its expected revision). */
export const InvoiceNumberAssigned = defineEvent(
  'InvoiceNumberAssigned',
  1,
  z.object({
    year: eventInteger({ min: 1900, max: 2100 }),
    sequence: eventInteger({ min: 1, max: 9_999_999 }),
    invoiceId: z.uuid(),
  }),
);

export const invoiceLineSchema = z.object({
  /** The visit charged; null for a line that is not one visit. */
  appointmentId: z.uuid().nullable(),
  date: eventDate(),
  description: eventText(TEXT_LIMITS.title),
  minutes: eventInteger({ min: 0, max: 100_000 }),
  hourlyRatePence: eventPence(FINANCE_MONEY_LIMITS.hourlyRatePence),
  /** Negative only for an adjustment (a visit shortened after it was invoiced). */
  amountPence: eventInteger({ min: -FINANCE_MONEY_LIMITS.invoicePence, max: FINANCE_MONEY_LIMITS.invoicePence }),
  /** charge: a line an administrator added to the draft (not a visit: a key safe fitted, a missed-call fee). */
  kind: z.enum(INVOICE_LINE_KINDS),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * An invoice, made from a period's completed visits. Until it is sent (and while nothing is paid or credited) it
 * is a draft an administrator may edit (InvoiceDraftEdited); after that it is never edited, and a correction is a
 * credit note that references it. Its number is taken at once, so drafts never leave gaps in the year's numbers.
 */
export const InvoiceIssued = defineEvent(
  'InvoiceIssued',
  1,
  z.object({
    invoiceId: z.uuid(),
    /** INV-<year>-<sequence>, gapless within the year. */
    number: eventText(TEXT_LIMITS.reference),
    clientId: z.uuid(),
    funderId: z.uuid(),
    /** The funder's share of each line, in whole percent (100 unless the client's care is split). */
    sharePercent: eventInteger({ min: 1, max: 100 }),
    periodStart: eventDate(),
    periodEnd: eventDate(),
    issuedOn: eventDate(),
    dueOn: eventDate(),
    lines: z.array(invoiceLineSchema).max(2000),
    totalPence: pence,
  }),
);

/** A charge an administrator adds to a draft: never a visit (visits are charged from the record only). */
export const invoiceChargeSchema = z.object({
  date: eventDate(),
  description: eventText(TEXT_LIMITS.title),
  amountPence: eventPence(FINANCE_MONEY_LIMITS.visitChargePence),
});
export type InvoiceCharge = z.infer<typeof invoiceChargeSchema>;

/**
 * A draft's terms as they now stand: the due date, the funder's purchase order, the note printed on it, and the
 * charges added by hand (all of them, replacing the earlier ones). The visit lines never change here: they follow
 * the visit record. totalPence is the visit lines plus these charges.
 */
export const InvoiceDraftEdited = defineEvent(
  'InvoiceDraftEdited',
  1,
  z.object({
    invoiceId: z.uuid(),
    clientId: z.uuid(),
    dueOn: eventDate(),
    purchaseOrder: eventText(TEXT_LIMITS.reference).nullable(),
    notes: eventText(TEXT_LIMITS.shortReason).nullable(),
    charges: z.array(invoiceChargeSchema).max(INVOICE_CHARGES_MAX),
    totalPence: pence,
  }),
);

/** The invoice was sent to the funder (the PDF downloaded, and queued by mail where mail is set up). */
export const InvoiceSent = defineEvent(
  'InvoiceSent',
  1,
  z.object({ invoiceId: z.uuid(), clientId: z.uuid(), sentTo: eventText(TEXT_LIMITS.email).nullable() }),
);

/** Money received against an invoice; part payments are allowed, never more than what is owed. */
export const InvoicePaymentRecorded = defineEvent(
  'InvoicePaymentRecorded',
  1,
  z.object({
    invoiceId: z.uuid(),
    paymentId: z.uuid(),
    clientId: z.uuid(),
    amountPence: eventPence(FINANCE_MONEY_LIMITS.invoicePence),
    receivedOn: eventDate(),
    method: z.enum(PAYMENT_METHODS),
    reference: eventText(TEXT_LIMITS.reference).nullable(),
  }),
);

/** A correction: a credit note that reduces what an issued invoice asks for, with the reason. */
export const CreditNoteIssued = defineEvent(
  'CreditNoteIssued',
  1,
  z.object({
    invoiceId: z.uuid(),
    creditNoteId: z.uuid(),
    clientId: z.uuid(),
    amountPence: eventPence(FINANCE_MONEY_LIMITS.invoicePence),
    issuedOn: eventDate(),
    reason: eventText(TEXT_LIMITS.shortReason),
  }),
);

/**
 * The client's billing ledger: which visits an invoice charged, and how much, per funder. Appended with the
 * ledger's expected revision before the invoice, so two runs for the same client at once cannot both charge the
 * same visit, and a later run charges an amended visit only by its difference.
 */
export const ClientVisitsInvoiced = defineEvent(
  'ClientVisitsInvoiced',
  1,
  z.object({
    clientId: z.uuid(),
    invoiceId: z.uuid(),
    funderId: z.uuid(),
    charges: z
      .array(
        z.object({
          appointmentId: z.uuid(),
          amountPence: eventInteger({
            min: -FINANCE_MONEY_LIMITS.invoicePence,
            max: FINANCE_MONEY_LIMITS.invoicePence,
          }),
        }),
      )
      .max(2000),
  }),
);

export const financeSliceEvents = [
  ClientVisitsInvoiced,
  FunderAdded,
  FunderRateSet,
  ClientFundingSet,
  InvoiceNumberAssigned,
  InvoiceIssued,
  InvoiceDraftEdited,
  InvoiceSent,
  InvoicePaymentRecorded,
  CreditNoteIssued,
  ...bankHolidayEvents,
] as const;
export type FinanceSliceEvent = EventOf<typeof financeSliceEvents>;
export type FunderEvent = Extract<FinanceSliceEvent, { type: 'FunderAdded' | 'FunderRateSet' }>;
export type InvoiceEvent = Extract<
  FinanceSliceEvent,
  { type: 'InvoiceIssued' | 'InvoiceDraftEdited' | 'InvoiceSent' | 'InvoicePaymentRecorded' | 'CreditNoteIssued' }
>;

export const funderStreamId = (funderId: string): string => `funder-${funderId}`;
export const clientFundingStreamId = (clientId: string): string => `client-funding-${clientId}`;
export const clientBillingStreamId = (clientId: string): string => `client-billing-${clientId}`;
export const invoiceStreamId = (invoiceId: string): string => `invoice-${invoiceId}`;
/** One stream per year holds that year's invoice numbers (see invoice-numbers in command-api). */
export const invoiceNumberStreamId = (year: number): string => `invoice-numbers-${year}`;
export const formatInvoiceNumber = (year: number, sequence: number): string => `INV-${year}-${sequence}`;
