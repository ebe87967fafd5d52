import { describe, expect, it } from 'vitest';
import {
  addFunderRequestSchema,
  recordPaymentRequestSchema,
  setClientFundingRequestSchema,
  setFunderRateRequestSchema,
  issueCreditNoteRequestSchema,
  editInvoiceDraftRequestSchema,
} from '@care/events';
import {
  DEMO_FUNDERS,
  demoFunding,
  demoInvoiceFollowUps,
  demoInvoiceRuns,
  type IssuedDemoInvoice,
} from './demo-finance';

const funderIds = {
  council: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a01',
  nhs: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a02',
  private: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a03',
};
const clientIds = Array.from(
  { length: 15 },
  (_, index) => `0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6b${String(index).padStart(2, '0')}`,
);

describe('demo finance', () => {
  it('adds three funders whose rates pass the request schemas, the council with a rise in April', () => {
    for (const { funder, rates } of DEMO_FUNDERS) {
      expect(addFunderRequestSchema.safeParse(funder).success, funder.name).toBe(true);
      for (const rate of rates) expect(setFunderRateRequestSchema.safeParse(rate).success).toBe(true);
    }
    expect(DEMO_FUNDERS.find((funder) => funder.key === 'council')!.rates.map((rate) => rate.effectiveFrom)).toEqual([
      '2025-04-01',
      '2026-04-01',
    ]);
  });

  it('funds every client, splitting one in five between the council and the NHS', () => {
    const funding = demoFunding(clientIds, funderIds);
    expect(funding).toHaveLength(clientIds.length);
    for (const { body } of funding) {
      expect(setClientFundingRequestSchema.safeParse(body).success).toBe(true);
      expect(body.shares.reduce((sum, share) => sum + Number(share.percent), 0)).toBe(100);
    }
    expect(funding.filter(({ body }) => body.shares.length === 2)).toHaveLength(3);
    expect(funding.some(({ body }) => body.shares[0]!.funderId === funderIds.private)).toBe(true);
  });

  it('invoices each whole week of the history on the Monday after, oldest first', () => {
    // Monday 23 November 2026, 28 days of visits: the weeks from Monday 26 October to Sunday 22 November.
    expect(demoInvoiceRuns('2026-11-23', 28)).toEqual([
      { periodStart: '2026-10-26', periodEnd: '2026-11-01', issuedOn: '2026-11-02' },
      { periodStart: '2026-11-02', periodEnd: '2026-11-08', issuedOn: '2026-11-09' },
      { periodStart: '2026-11-09', periodEnd: '2026-11-15', issuedOn: '2026-11-16' },
      { periodStart: '2026-11-16', periodEnd: '2026-11-22', issuedOn: '2026-11-23' },
    ]);
    expect(demoInvoiceRuns('2026-11-25', 28).at(-1)).toEqual({
      periodStart: '2026-11-16',
      periodEnd: '2026-11-22',
      issuedOn: '2026-11-23',
    });
  });

  it("sends all but the last week's invoices, and they are paid within their terms but for one in two hundred; one in halves, one credited", () => {
    const today = '2027-01-04';
    const newest = '2026-12-21';
    const weeks = [
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ];
    const invoices: IssuedDemoInvoice[] = Array.from({ length: 48 }, (_, index) => ({
      id: `0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6c${String(index).padStart(2, '0')}`,
      totalPence: 120_00 + index * 10_00,
      issuedOn: weeks[Math.floor(index / 6)]!,
      funderKey: (['council', 'nhs', 'private'] as const)[index % 3]!,
    }));
    const steps = demoInvoiceFollowUps(invoices, today);
    for (const step of steps) {
      if (step.path === 'payments') expect(recordPaymentRequestSchema.safeParse(step.body).success).toBe(true);
      if (step.path === 'credit-notes') expect(issueCreditNoteRequestSchema.safeParse(step.body).success).toBe(true);
      if (step.path === 'draft') expect(editInvoiceDraftRequestSchema.safeParse(step.body).success).toBe(true);
      expect(step.path === 'payments' ? step.body.receivedOn <= today : true).toBe(true);
    }
    const sent = new Set(steps.filter((step) => step.path === 'sent').map((step) => step.invoiceId));
    expect(new Set(invoices.filter((invoice) => !sent.has(invoice.id)).map((invoice) => invoice.issuedOn))).toEqual(
      new Set([newest]),
    );
    // The council's draft of the newest week carries its purchase order.
    const drafts = steps.filter((step) => step.path === 'draft');
    expect(drafts.map((step) => invoices.find((invoice) => invoice.id === step.invoiceId))).toEqual([
      expect.objectContaining({ issuedOn: newest, funderKey: 'council' }),
      expect.objectContaining({ issuedOn: newest, funderKey: 'council' }),
    ]);
    /** What is still owed on an invoice after its payments and credit notes. */
    const owed = (invoice: IssuedDemoInvoice) =>
      steps
        .filter((step) => step.invoiceId === invoice.id && (step.path === 'payments' || step.path === 'credit-notes'))
        .reduce((left, step) => left - (step.body as { amountPence: number }).amountPence, invoice.totalPence);
    const terms = { council: 30, nhs: 45, private: 14 } as const;
    const overdue = invoices.filter(
      (invoice) =>
        Date.parse(today) - Date.parse(invoice.issuedOn) > terms[invoice.funderKey] * 86_400_000 && owed(invoice) > 0,
    );
    expect(overdue.map((invoice) => invoices.indexOf(invoice))).toEqual([7]);
    expect(steps.filter((step) => step.path === 'credit-notes')).toHaveLength(1);
    expect(owed(invoices[2]!)).toBe(0);
    const inHalves = invoices.filter(
      (invoice) => steps.filter((step) => step.invoiceId === invoice.id && step.path === 'payments').length === 2,
    );
    expect(inHalves.length).toBeGreaterThan(0);
    expect(inHalves.every((invoice) => owed(invoice) === 0)).toBe(true);
  });
});
