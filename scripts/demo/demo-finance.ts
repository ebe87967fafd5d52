import { demoPayrollPeriods } from './demo-payroll';
import { addDays, type AddFunderRequest, type SetClientFundingRequest, type SetFunderRateRequest } from '@care/events';

/**
 * Finance demo data, through the API: three funders with their rates (the council's rose in April), who
 * pays for each client (one in five split between the council and the NHS, one in three private), and weekly
 * invoice runs over the visit history, issued the Monday after each week. Then what an agency's ledger looks like:
 * the older invoices sent and mostly paid, one part paid, one corrected by a credit note, some private ones
 * overdue.
 */
export interface DemoFunder {
  readonly key: 'council' | 'nhs' | 'private';
  readonly funder: AddFunderRequest;
  readonly rates: readonly SetFunderRateRequest[];
}

export const DEMO_FUNDERS: readonly DemoFunder[] = [
  {
    key: 'council',
    funder: {
      name: 'Leeds City Council',
      kind: 'local_authority',
      invoiceEmail: 'homecare.invoices@leeds.example',
      paymentTermsDays: 30,
    },
    rates: [
      {
        effectiveFrom: '2025-04-01',
        weekdayHourlyPence: 23_60,
        weekendHourlyPence: 26_40,
        bankHolidayHourlyPence: 35_40,
        minimumChargePence: 11_80,
        billingIncrementMinutes: 15,
      },
      {
        effectiveFrom: '2026-04-01',
        weekdayHourlyPence: 24_80,
        weekendHourlyPence: 27_90,
        bankHolidayHourlyPence: 37_20,
        minimumChargePence: 12_40,
        billingIncrementMinutes: 15,
      },
    ],
  },
  {
    key: 'nhs',
    funder: {
      name: 'West Yorkshire ICB (continuing healthcare)',
      kind: 'nhs_chc',
      invoiceEmail: 'chc.finance@wyicb.example',
      paymentTermsDays: 45,
    },
    rates: [
      {
        effectiveFrom: '2025-04-01',
        weekdayHourlyPence: 29_50,
        weekendHourlyPence: 32_50,
        bankHolidayHourlyPence: 44_00,
        minimumChargePence: 14_75,
        billingIncrementMinutes: 15,
      },
    ],
  },
  {
    key: 'private',
    funder: { name: 'Private (self-funding clients)', kind: 'private', paymentTermsDays: 14 },
    rates: [
      {
        effectiveFrom: '2025-04-01',
        weekdayHourlyPence: 28_00,
        weekendHourlyPence: 31_00,
        bankHolidayHourlyPence: 42_00,
        minimumChargePence: 14_00,
        billingIncrementMinutes: 15,
        durationBasis: 'planned',
      },
    ],
  },
];

/** Who pays for client `index`: one in five split 60/40 council and NHS, one in three private, the rest the council. */
export function demoFunding(
  clientIds: readonly string[],
  funderIds: Readonly<Record<DemoFunder['key'], string>>,
): { clientId: string; body: SetClientFundingRequest }[] {
  return clientIds.map((clientId, index) => ({
    clientId,
    body: {
      effectiveFrom: '2025-04-01',
      shares:
        index % 5 === 0
          ? [
              { funderId: funderIds.council, percent: 60 },
              { funderId: funderIds.nhs, percent: 40 },
            ]
          : [{ funderId: index % 3 === 1 ? funderIds.private : funderIds.council, percent: 100 }],
    },
  }));
}

/** The whole Monday-to-Sunday weeks of the visit history (the weeks the demo pays), each invoiced the Monday after. */
export function demoInvoiceRuns(
  today: string,
  daysBack: number,
): { periodStart: string; periodEnd: string; issuedOn: string }[] {
  return demoPayrollPeriods(today, daysBack).map(({ periodStart }) => ({
    periodStart,
    periodEnd: addDays(periodStart, 6),
    issuedOn: addDays(periodStart, 7),
  }));
}

export interface IssuedDemoInvoice {
  readonly id: string;
  readonly totalPence: number;
  readonly issuedOn: string;
  readonly funderKey: DemoFunder['key'];
}

export type DemoInvoiceStep =
  | { readonly invoiceId: string; readonly path: 'sent'; readonly body: { sentTo?: string } }
  | {
      readonly invoiceId: string;
      readonly path: 'payments';
      readonly body: { amountPence: number; receivedOn: string; method: 'bank_transfer'; reference: string };
    }
  | {
      readonly invoiceId: string;
      readonly path: 'credit-notes';
      readonly body: { amountPence: number; reason: string };
    }
  /** Edit while draft (PATCH /api/finance/invoices/:id). */
  | { readonly invoiceId: string; readonly path: 'draft'; readonly body: { purchaseOrder: string; notes: string } };

/**
 * After each run: every invoice but the last week's is sent (the council's draft of that week gets its purchase
 * order); funders pay within their terms, so almost nothing is overdue: one invoice in seven from the council or the
 * NHS is paid in two halves, one in two hundred is left unpaid, and one is corrected by a credit note for a visit cut short
 * before the rest of it is paid.
 */
export function demoInvoiceFollowUps(
  invoices: readonly IssuedDemoInvoice[],
  today: string,
  /** The last run's issue date (default: the newest of `invoices`): its invoices stay drafts. */
  newest = invoices.reduce((latest, invoice) => (invoice.issuedOn > latest ? invoice.issuedOn : latest), ''),
): DemoInvoiceStep[] {
  const steps: DemoInvoiceStep[] = [];
  invoices.forEach((invoice, index) => {
    if (invoice.issuedOn === newest) {
      // This week's drafts: the council's carries its purchase order, ready to send.
      if (invoice.funderKey === 'council')
        steps.push({
          invoiceId: invoice.id,
          path: 'draft',
          body: {
            purchaseOrder: `PO-${invoice.issuedOn.replaceAll('-', '')}-${index + 1}`,
            notes: 'Please quote the purchase order with your payment.',
          },
        });
      return;
    }
    steps.push({ invoiceId: invoice.id, path: 'sent', body: {} });
    const age = Math.round((Date.parse(today) - Date.parse(invoice.issuedOn)) / 86_400_000);
    const reference = `BACS ${invoice.issuedOn.replaceAll('-', '')}-${index + 1}`;
    const credited = index === 2 && invoice.totalPence > 10_00 ? 10_00 : 0;
    if (credited > 0)
      steps.push({
        invoiceId: invoice.id,
        path: 'credit-notes',
        body: { amountPence: credited, reason: 'Visit cut short: the client was taken to hospital' },
      });
    // Funders pay within their terms: about ten days after the invoice (a private client nine). One public invoice
    // in seven is paid in two halves two weeks apart; one in two hundred is left unpaid, the lapse an agency chases.
    const owed = invoice.totalPence - credited;
    if (index % 200 === 7 || age < 10 || owed <= 0) return;
    const inHalves = invoice.funderKey !== 'private' && index % 7 === 3;
    const first = inHalves ? Math.floor(owed / 2) : owed;
    const payment = (amountPence: number, days: number, part: string) =>
      steps.push({
        invoiceId: invoice.id,
        path: 'payments',
        body: {
          amountPence,
          receivedOn: addDays(invoice.issuedOn, days),
          method: 'bank_transfer',
          reference: `${reference}${part}`,
        },
      });
    payment(first, invoice.funderKey === 'private' ? 9 : 10, '');
    if (inHalves && age >= 24) payment(owed - first, 24, '/2');
  });
  return steps;
}
