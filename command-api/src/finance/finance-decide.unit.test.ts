import { describe, expect, it } from 'vitest';
import { chargeVisit, dayKind, invoiceStatus, rateInForce, splitPence, type InvoiceEvent } from '@care/events';
import { refusal } from '../shared/refusal.testing';
import {
  decideInvoice,
  evolveInvoice,
  initialInvoiceState,
  type InvoiceCommand,
  type InvoiceState,
} from './invoice-decide';
import { decideNextInvoiceNumber, evolveInvoiceNumbers, initialInvoiceNumberState } from './invoice-numbers';
import type { FunderRate } from './funding-decide';
import { generateInvoiceDrafts, type CompletedVisit } from './invoice-generation';

const rate = (overrides: Partial<FunderRate> = {}): FunderRate => ({
  clientId: null,
  effectiveFrom: '2026-01-01',
  weekdayHourlyPence: 24_00,
  weekendHourlyPence: 28_00,
  bankHolidayHourlyPence: 36_00,
  minimumChargePence: 0,
  billingIncrementMinutes: 15,
  durationBasis: 'actual',
  mileagePencePerMile: 45,
  ...overrides,
});

describe('rates in force', () => {
  it("given two rates, a visit is charged at the one in force on its day, not today's", () => {
    const rates = [
      rate({ effectiveFrom: '2026-01-01', weekdayHourlyPence: 24_00 }),
      rate({ effectiveFrom: '2026-04-01', weekdayHourlyPence: 25_50 }),
    ];
    expect(rateInForce(rates, '2026-03-31')?.weekdayHourlyPence).toBe(24_00);
    expect(rateInForce(rates, '2026-04-01')?.weekdayHourlyPence).toBe(25_50);
    expect(rateInForce(rates, '2025-12-31')).toBeNull();
  });

  it('weekends and England and Wales bank holidays (substitute days included) have their own rates', () => {
    expect(dayKind('2026-03-04')).toBe('weekday');
    expect(dayKind('2026-03-07')).toBe('weekend');
    expect(dayKind('2026-12-28')).toBe('bank_holiday'); // Boxing Day 2026 is a Saturday: Monday 28th is the holiday
    expect(dayKind('2026-04-03')).toBe('bank_holiday'); // Good Friday
    expect(chargeVisit(rate(), { date: '2026-04-03', actualMinutes: 60, plannedMinutes: 60 }).amountPence).toBe(36_00);
    expect(chargeVisit(rate(), { date: '2026-03-07', actualMinutes: 60, plannedMinutes: 60 }).amountPence).toBe(28_00);
  });
});

describe('charging a visit', () => {
  it('rounds the time up to the billing increment and the money half up to the penny', () => {
    // 31 minutes to the next 15 is 45 minutes: 45/60 × £24.00 = £18.00
    expect(chargeVisit(rate(), { date: '2026-03-04', actualMinutes: 31, plannedMinutes: 30 })).toMatchObject({
      minutes: 45,
      amountPence: 18_00,
    });
    // to the minute at £23.99: 7 × 2399 / 60 = 279.88 → 280p
    expect(
      chargeVisit(rate({ billingIncrementMinutes: 1, weekdayHourlyPence: 23_99 }), {
        date: '2026-03-04',
        actualMinutes: 7,
        plannedMinutes: 30,
      }).amountPence,
    ).toBe(280);
  });

  it('charges the planned duration when the contract says so', () => {
    expect(
      chargeVisit(rate({ durationBasis: 'planned' }), { date: '2026-03-04', actualMinutes: 20, plannedMinutes: 60 })
        .minutes,
    ).toBe(60);
  });

  it('never charges less than the minimum charge per visit', () => {
    const charge = chargeVisit(rate({ minimumChargePence: 10_00 }), {
      date: '2026-03-04',
      actualMinutes: 10,
      plannedMinutes: 15,
    });
    expect(charge).toMatchObject({ amountPence: 10_00, minimumApplied: true });
  });

  it('splits a charge by percentage so the parts add up to the penny', () => {
    expect(splitPence(1001, [50, 50])).toEqual([501, 500]);
    expect(splitPence(1000, [33, 33, 34])).toEqual([330, 330, 340]);
    expect(splitPence(1, [60, 40])).toEqual([1, 0]);
    const parts = splitPence(123_457, [70, 30]);
    expect(parts[0]! + parts[1]!).toBe(123_457);
  });
});

const visit = (
  appointmentId: string,
  date: string,
  actualMinutes: number,
  mileageTenths: number | null = null,
): CompletedVisit => ({
  appointmentId,
  date,
  serviceName: 'Personal care',
  plannedMinutes: 60,
  actualMinutes,
  mileageTenths,
});
const council = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const edith = '0190a5b2-7c3d-7e4f-8a1b-0000000000e1';
const frank = '0190a5b2-7c3d-7e4f-8a1b-0000000000f1';
const family = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const a1 = '0190a5b2-7c3d-7e4f-8a1b-00000000000a';
const a2 = '0190a5b2-7c3d-7e4f-8a1b-00000000000b';

describe('generating invoices from completed visits', () => {
  it('gives one line per visit, with hours, rate and total', () => {
    const { drafts, problems } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a2, '2026-03-07', 60), visit(a1, '2026-03-04', 30)],
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, [rate()]]]),
      alreadyInvoiced: new Map(),
    });
    expect(problems).toEqual([]);
    expect(drafts).toEqual([
      {
        funderId: council,
        sharePercent: 100,
        totalPence: 12_00 + 28_00,
        lines: [
          {
            appointmentId: a1,
            date: '2026-03-04',
            description: 'Personal care 04/03/2026',
            minutes: 30,
            hourlyRatePence: 24_00,
            amountPence: 12_00,
            kind: 'visit',
          },
          {
            appointmentId: a2,
            date: '2026-03-07',
            description: 'Personal care 07/03/2026 (weekend)',
            minutes: 60,
            hourlyRatePence: 28_00,
            amountPence: 28_00,
            kind: 'visit',
          },
        ],
      },
    ]);
  });

  it("charges a client's visits at the rate agreed for them from its date, the funder's own before it and for other clients", () => {
    const rates = [
      rate(),
      rate({ clientId: edith, effectiveFrom: '2026-03-05', weekdayHourlyPence: 30_00 }),
      rate({ clientId: frank, effectiveFrom: '2026-01-01', weekdayHourlyPence: 40_00 }),
    ];
    const { drafts } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 60), visit(a2, '2026-03-05', 60)],
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, rates]]),
      alreadyInvoiced: new Map(),
    });
    expect(drafts[0]!.lines.map((line) => [line.date, line.hourlyRatePence, line.amountPence])).toEqual([
      ['2026-03-04', 24_00, 24_00],
      ['2026-03-05', 30_00, 30_00],
    ]);
  });

  it('split funding makes one invoice per funder, the shares adding up to the whole', () => {
    const { drafts } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 45)], // £18.00
      shares: [
        { funderId: council, percent: 75 },
        { funderId: family, percent: 25 },
      ],
      ratesByFunder: new Map([
        [council, [rate()]],
        [family, [rate()]],
      ]),
      alreadyInvoiced: new Map(),
    });
    expect(drafts.map((draft) => [draft.funderId, draft.sharePercent, draft.totalPence])).toEqual([
      [council, 75, 13_50],
      [family, 25, 4_50],
    ]);
  });

  it('a visit amended after invoicing shows as an adjustment, and an unchanged one is not charged twice', () => {
    const { drafts } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 60), visit(a2, '2026-03-05', 60)],
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, [rate()]]]),
      alreadyInvoiced: new Map([
        [
          council,
          new Map([
            [a1, 12_00],
            [a2, 24_00],
          ]),
        ],
      ]),
    });
    expect(drafts[0]?.lines).toEqual([
      expect.objectContaining({
        appointmentId: a1,
        kind: 'adjustment',
        amountPence: 12_00,
        description: 'Adjustment: Personal care 04/03/2026 amended after invoicing',
      }),
    ]);
  });

  it("charges the carer's recorded mileage at the funder's rate as its own line, split like the time", () => {
    const { drafts } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 60, 125)], // 12.5 miles at 45p: £5.625, half up to £5.63
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, [rate()]]]),
      alreadyInvoiced: new Map(),
    });
    expect(drafts[0]?.lines).toEqual([
      expect.objectContaining({ appointmentId: a1, kind: 'visit', amountPence: 24_00 }),
      {
        appointmentId: a1,
        date: '2026-03-04',
        description: 'Mileage 04/03/2026: 12.5 miles at 45p a mile',
        minutes: 0,
        hourlyRatePence: 0,
        amountPence: 5_63,
        kind: 'mileage',
      },
    ]);
    expect(drafts[0]?.totalPence).toBe(29_63);

    const split = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 60, 125)],
      shares: [
        { funderId: council, percent: 75 },
        { funderId: family, percent: 25 },
      ],
      ratesByFunder: new Map([
        [council, [rate()]],
        [family, [rate()]],
      ]),
      alreadyInvoiced: new Map(),
    });
    const mileage = split.drafts.map((draft) => draft.lines.find((line) => line.kind === 'mileage')?.amountPence);
    expect(mileage).toEqual([4_22, 1_41]); // 563 split 75/25, to the penny
  });

  it('charges no mileage where the funder charges none, and none for a visit without miles', () => {
    const { drafts } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 60, 80), visit(a2, '2026-03-05', 60)],
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, [rate({ mileagePencePerMile: 0 })]]]),
      alreadyInvoiced: new Map(),
    });
    expect(drafts[0]?.lines.map((line) => line.kind)).toEqual(['visit', 'visit']);
  });

  it('mileage corrected after invoicing is charged by its difference, as an adjustment', () => {
    const { drafts } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2026-03-04', 60, 100)], // now 10 miles: £24.00 + £4.50
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, [rate()]]]),
      alreadyInvoiced: new Map([[council, new Map([[a1, 24_00 + 2_25]])]]), // invoiced with 5 miles
    });
    expect(drafts[0]?.lines).toEqual([
      expect.objectContaining({ appointmentId: a1, kind: 'adjustment', amountPence: 2_25 }),
    ]);
  });

  it('names the visits with no rate in force instead of charging them nothing', () => {
    const { drafts, problems } = generateInvoiceDrafts({
      clientId: edith,
      visits: [visit(a1, '2025-12-30', 60)],
      shares: [{ funderId: council, percent: 100 }],
      ratesByFunder: new Map([[council, [rate()]]]),
      alreadyInvoiced: new Map(),
    });
    expect(drafts).toEqual([]);
    expect(problems).toEqual([{ funderId: council, date: '2025-12-30', message: 'No rate in force on 30/12/2025' }]);
  });
});

const invoiceId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c';
const issued: InvoiceEvent = {
  type: 'InvoiceIssued',
  data: {
    invoiceId,
    number: 'INV-2026-1',
    clientId,
    funderId: council,
    sharePercent: 100,
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    issuedOn: '2026-04-01',
    dueOn: '2026-05-01',
    lines: [
      {
        appointmentId: a1,
        date: '2026-03-04',
        description: 'Personal care 04/03/2026',
        minutes: 60,
        hourlyRatePence: 24_00,
        amountPence: 24_00,
        kind: 'visit',
      },
    ],
    totalPence: 24_00,
  },
};
const pay = (amountPence: number): InvoiceCommand => ({
  type: 'RecordPayment',
  invoiceId,
  paymentId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a70',
  amountPence,
  receivedOn: '2026-04-10',
  method: 'bank_transfer',
  reference: null,
});
const credit = (amountPence: number): InvoiceCommand => ({
  type: 'IssueCreditNote',
  invoiceId,
  creditNoteId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a71',
  amountPence,
  issuedOn: '2026-04-05',
  reason: 'Visit on 04/03 was 30 minutes, not 60',
});

function given(...events: InvoiceEvent[]) {
  const state = events.reduce<InvoiceState>(evolveInvoice, initialInvoiceState);
  return {
    state,
    when: (command: InvoiceCommand) => ({
      then: (expected: InvoiceEvent[]) => expect(decideInvoice(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decideInvoice(command, state)),
    }),
  };
}

describe('decide: invoices, payments and credit notes', () => {
  it('issues an invoice once, and refuses a total that is not the sum of its lines', () => {
    given()
      .when({ type: 'IssueInvoice', issued: issued.data as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>['data'] })
      .then([issued]);
    expect(
      given(issued)
        .when({ type: 'IssueInvoice', issued: issued.data as never })
        .thenRefused(),
    ).toMatchObject({ kind: 'conflict' });
    const wrong = { ...(issued.data as Extract<InvoiceEvent, { type: 'InvoiceIssued' }>['data']), totalPence: 25_00 };
    expect(given().when({ type: 'IssueInvoice', issued: wrong }).thenRefused()).toMatchObject({
      message: 'Invoice total does not match its lines',
    });
  });

  it('records part payments and refuses a payment above what is still owed', () => {
    given(issued)
      .when(pay(10_00))
      .then([
        {
          type: 'InvoicePaymentRecorded',
          data: {
            invoiceId,
            paymentId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a70',
            clientId,
            amountPence: 10_00,
            receivedOn: '2026-04-10',
            method: 'bank_transfer',
            reference: null,
          },
        },
      ]);
    const part: InvoiceEvent = {
      type: 'InvoicePaymentRecorded',
      data: {
        invoiceId,
        paymentId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a72',
        clientId,
        amountPence: 10_00,
        receivedOn: '2026-04-10',
        method: 'card',
        reference: null,
      },
    };
    expect(given(issued, part).when(pay(14_01)).thenRefused()).toEqual({
      kind: 'invalid',
      message: 'The payment is more than the £14.00 still owed',
      field: 'amountPence',
    });
  });

  it('a credit note reduces what is owed, never below nothing, and references the invoice', () => {
    given(issued)
      .when(credit(12_00))
      .then([
        {
          type: 'CreditNoteIssued',
          data: {
            invoiceId,
            creditNoteId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a71',
            clientId,
            amountPence: 12_00,
            issuedOn: '2026-04-05',
            reason: 'Visit on 04/03 was 30 minutes, not 60',
          },
        },
      ]);
    expect(given(issued).when(credit(24_01)).thenRefused()).toMatchObject({
      message: 'A credit note cannot be more than the £24.00 still owed',
    });
  });

  const edit = (overrides: Partial<Extract<InvoiceCommand, { type: 'EditInvoiceDraft' }>> = {}): InvoiceCommand => ({
    type: 'EditInvoiceDraft',
    invoiceId,
    dueOn: '2026-05-15',
    purchaseOrder: 'PO-7781',
    notes: 'Please quote the purchase order.',
    charges: [{ date: '2026-03-20', description: 'Key safe fitted', amountPence: 25_00 }],
    ...overrides,
  });
  const edited = (
    charges: { date: string; description: string; amountPence: number }[],
    totalPence: number,
  ): InvoiceEvent => ({
    type: 'InvoiceDraftEdited',
    data: {
      invoiceId,
      clientId,
      dueOn: '2026-05-15',
      purchaseOrder: 'PO-7781',
      notes: 'Please quote the purchase order.',
      charges,
      totalPence,
    },
  });

  it('edits a draft: due date, purchase order, note and added charges, the total the visit lines plus the charges', () => {
    const keySafe = { date: '2026-03-20', description: 'Key safe fitted', amountPence: 25_00 };
    given(issued)
      .when(edit())
      .then([edited([keySafe], 49_00)]);
    // A second edit replaces the charges: removing one takes the total back to the visit lines alone.
    given(issued, edited([keySafe], 49_00))
      .when(edit({ charges: [] }))
      .then([edited([], 24_00)]);
    // No due date given: it stays as it was.
    const kept = edited([keySafe], 49_00) as Extract<InvoiceEvent, { type: 'InvoiceDraftEdited' }>;
    given(issued)
      .when(edit({ dueOn: undefined }))
      .then([{ ...kept, data: { ...kept.data, dueOn: '2026-05-01' } }]);
  });

  it('refuses to edit a draft once it is sent, paid or credited, and a due date before the invoice date', () => {
    const sent: InvoiceEvent = { type: 'InvoiceSent', data: { invoiceId, clientId, sentTo: null } };
    expect(given(issued, sent).when(edit()).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'This invoice was sent: correct it with a credit note',
    });
    const paid: InvoiceEvent = {
      type: 'InvoicePaymentRecorded',
      data: {
        invoiceId,
        paymentId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a72',
        clientId,
        amountPence: 1_00,
        receivedOn: '2026-04-10',
        method: 'card',
        reference: null,
      },
    };
    expect(given(issued, paid).when(edit()).thenRefused()).toMatchObject({ kind: 'conflict' });
    const credited: InvoiceEvent = {
      type: 'CreditNoteIssued',
      data: {
        invoiceId,
        creditNoteId: '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a71',
        clientId,
        amountPence: 1_00,
        issuedOn: '2026-04-05',
        reason: 'x',
      },
    };
    expect(given(issued, credited).when(edit()).thenRefused()).toMatchObject({ kind: 'conflict' });
    expect(
      given(issued)
        .when(edit({ dueOn: '2026-03-31' }))
        .thenRefused(),
    ).toEqual({ kind: 'invalid', message: 'The due date cannot be before the invoice date', field: 'dueOn' });
    expect(given().when(edit()).thenRefused()).toMatchObject({ kind: 'not_found' });
  });

  it('a payment after an edit is measured against the edited total', () => {
    const withCharge = edited([{ date: '2026-03-20', description: 'Key safe fitted', amountPence: 25_00 }], 49_00);
    expect(given(issued, withCharge).when(pay(49_01)).thenRefused()).toMatchObject({
      message: 'The payment is more than the £49.00 still owed',
    });
  });

  it('refuses payments on an unknown invoice', () => {
    expect(given().when(pay(1)).thenRefused()).toMatchObject({ kind: 'not_found', message: 'Invoice not found' });
  });
});

describe('invoice status', () => {
  const balance = { totalPence: 24_00, paidPence: 0, creditedPence: 0, sent: false, dueOn: '2026-05-01' };
  it('goes pending → processing → paid, and is overdue when unpaid after its due date', () => {
    expect(invoiceStatus(balance, '2026-04-02')).toBe('pending');
    expect(invoiceStatus({ ...balance, sent: true }, '2026-04-02')).toBe('processing');
    expect(invoiceStatus({ ...balance, paidPence: 10_00 }, '2026-04-02')).toBe('processing');
    expect(invoiceStatus({ ...balance, sent: true }, '2026-05-01')).toBe('processing');
    expect(invoiceStatus({ ...balance, sent: true }, '2026-05-02')).toBe('overdue');
    expect(invoiceStatus({ ...balance, paidPence: 12_00, creditedPence: 12_00 }, '2026-06-01')).toBe('paid');
  });
});

describe('invoice numbers', () => {
  it('takes the next number of the year, gapless from 1', () => {
    const first = decideNextInvoiceNumber(initialInvoiceNumberState, 2026, invoiceId);
    expect(first.number).toBe('INV-2026-1');
    const second = decideNextInvoiceNumber(
      evolveInvoiceNumbers(initialInvoiceNumberState, first.event),
      2026,
      invoiceId,
    );
    expect(second.number).toBe('INV-2026-2');
  });
});
