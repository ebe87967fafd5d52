/** Finance enumerations and money bounds (integer pence). */
export const FUNDER_KINDS = ['private', 'local_authority', 'nhs_chc'] as const;
export type FunderKind = (typeof FUNDER_KINDS)[number];
export const FUNDER_KIND_LABELS: Record<FunderKind, string> = {
  private: 'Private',
  local_authority: 'Local authority',
  nhs_chc: 'NHS continuing healthcare',
};

export const BILLING_DURATION_BASES = ['actual', 'planned'] as const;
export type BillingDurationBasis = (typeof BILLING_DURATION_BASES)[number];

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cheque', 'cash', 'direct_debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** pending (issued, not sent) → processing (sent or part paid) → paid; overdue is derived from the due date. */
export const INVOICE_STATUSES = ['pending', 'processing', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** visit and mileage come from the record, adjustment from a visit amended after invoicing, charge from an administrator's edit of a draft. */
export const INVOICE_LINE_KINDS = ['visit', 'mileage', 'adjustment', 'charge'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** Visits and their adjustments are charged by time at an hourly rate; mileage and added charges say their terms in their description. */
export const isTimedInvoiceLine = (line: { readonly kind: InvoiceLineKind }): boolean =>
  line.kind === 'visit' || line.kind === 'adjustment';

export const FINANCE_MONEY_LIMITS = {
  /** £500.00 an hour, as the carer's hourly rate. */
  hourlyRatePence: 500_00,
  /** £1,000.00 for one visit's minimum charge. */
  visitChargePence: 1_000_00,
  /** £5.00 a mile: HMRC's approved rate is 45p. */
  mileagePencePerMile: 5_00,
  /** £10,000,000.00 on one invoice: far above a year of care for a whole agency's biggest funder. */
  invoicePence: 1_000_000_000,
} as const;
