import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  londonToday,
  positionToToken,
  type FinanceOverviewView,
  type InvoiceDetailView,
  type InvoiceView,
} from '@care/events';
import type { TestUser } from '@care/command-api/testing';
// The command side's generation, with visits given by the test (the appointments read model is not what is under test here).
import { FinanceService } from '../../../command-api/src/finance/finance-service';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack;
let coordinator: TestUser;
let carer: TestUser;
let invoiceId = '';
/** The last write's position: the read API answers once the projection has reached it. */
let lastPosition = '';
const today = londonToday();

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'finance_read');
  coordinator = await stack.command.createUser('coordinator');
  carer = await stack.command.createUser('carer');
  const admin = stack.command.request;
  const client = await admin('POST', '/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  const clientId = client.body.id as string;
  const funder = await admin('POST', '/api/finance/funders', {
    name: 'Leeds City Council',
    kind: 'local_authority',
    paymentTermsDays: 30,
  });
  const funderId = funder.body.id as string;
  expect(
    (
      await admin('POST', `/api/finance/funders/${funderId}/rates`, {
        effectiveFrom: '2020-01-01',
        weekdayHourlyPence: 24_00,
        weekendHourlyPence: 28_00,
        bankHolidayHourlyPence: 36_00,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await admin('PUT', `/api/finance/clients/${clientId}/funding`, {
        effectiveFrom: '2020-01-01',
        shares: [{ funderId, percent: 100 }],
      })
    ).status,
  ).toBe(200);
  const service = new FinanceService(stack.command.store, {
    completedVisits: async () => [
      {
        clientId,
        appointmentId: randomUUID(),
        date: '2026-03-04',
        serviceName: 'Personal care',
        plannedMinutes: 60,
        actualMinutes: 60,
        mileageTenths: null,
      },
      {
        clientId,
        appointmentId: randomUUID(),
        date: '2026-03-07',
        serviceName: 'Personal care',
        plannedMinutes: 30,
        actualMinutes: 30,
        mileageTenths: null,
      },
    ],
  });
  const generated = await service.generateInvoices(
    { periodStart: '2026-03-01', periodEnd: '2026-03-31', clientId, issuedOn: today },
    { userId: stack.command.admin.id, requestId: 'test' },
  );
  invoiceId = generated.invoices[0]!.id;
  const payment = await admin('POST', `/api/finance/invoices/${invoiceId}/payments`, {
    amountPence: 10_00,
    receivedOn: today,
  });
  expect(payment.status, payment.text).toBe(201);
  lastPosition = payment.body.position as string;
});
afterAll(async () => {
  await stack?.stop();
});

async function get(path: string, user: TestUser = stack.command.admin) {
  return fetch(`${stack.readUrl}${path}`, { headers: { cookie: user.cookie, 'x-min-position': lastPosition } });
}

describe('GET /api/finance', () => {
  it('lists invoices with their lines, the money in pence and the derived status', async () => {
    const reply = await get('/api/finance/invoices');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-total-count')).toBe('1');
    const [invoice] = (await reply.json()) as InvoiceView[];
    expect(invoice).toMatchObject({
      id: invoiceId,
      number: `INV-${today.slice(0, 4)}-1`,
      clientName: 'Edith Green',
      funderName: 'Leeds City Council',
      totalPence: 24_00 + 14_00,
      paidPence: 10_00,
      outstandingPence: 28_00,
      status: 'processing',
    });
    expect(invoice!.lines.map((line) => [line.description, line.amountPence])).toEqual([
      ['Personal care 04/03/2026', 24_00],
      ['Personal care 07/03/2026 (weekend)', 14_00],
    ]);
    expect(((await (await get('/api/finance/invoices?status=paid')).json()) as unknown[]).length).toBe(0);
    expect(((await (await get('/api/finance/invoices?status=processing')).json()) as unknown[]).length).toBe(1);
  });

  it('gives one invoice with its payments', async () => {
    const detail = (await (await get(`/api/finance/invoices/${invoiceId}`)).json()) as InvoiceDetailView;
    expect(detail.payments).toEqual([
      expect.objectContaining({ amountPence: 10_00, receivedOn: today, method: 'bank_transfer' }),
    ]);
    expect((await get(`/api/finance/invoices/${randomUUID()}`)).status).toBe(404);
  });

  it('prints the invoice as a PDF with its number, client, lines and amount due', async () => {
    const reply = await get(`/api/finance/invoices/${invoiceId}/invoice.pdf`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await reply.arrayBuffer()));
    for (const expected of [
      `INV-${today.slice(0, 4)}-1`,
      'Leeds City Council',
      'Edith Green',
      'Personal care 07/03/2026 (weekend)',
      '£38.00',
      '£28.00',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('sums the overview: revenue this month, pending invoices', async () => {
    const overview = (await (await get('/api/finance/overview')).json()) as FinanceOverviewView;
    expect(overview).toMatchObject({
      totalRevenuePence: 38_00,
      pendingInvoicesCount: 1,
      pendingInvoicesPence: 28_00,
      overdueInvoicesCount: 0,
    });
    expect(overview.months).toHaveLength(6);
    expect(overview.months.at(-1)).toMatchObject({ month: today.slice(0, 7), revenuePence: 38_00 });
  });

  it('is read by coordinators, never by carers', async () => {
    expect((await get('/api/finance/invoices', coordinator)).status).toBe(200);
    expect((await get('/api/finance/invoices', carer)).status).toBe(403);
    expect((await get('/api/finance/overview', carer)).status).toBe(403);
  });
});

describe("GET /api/finance/invoices?status=unpaid (the overview's outstanding list)", () => {
  it('lists every invoice still owed, the most overdue first, and leaves paid ones out', async () => {
    const admin = stack.command.request;
    const client = await admin('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Arthur',
      lastName: 'Bell',
      dateOfBirth: '1941-02-02',
      address: '9 Kirk Road, Leeds',
      emergencyContact: 'Mary Bell',
      emergencyPhone: '07700 900456',
      careLevel: 'low',
    });
    const clientId = client.body.id as string;
    const funders = (await (await get('/api/finance/funders')).json()) as { id: string }[];
    expect(
      (
        await admin('PUT', `/api/finance/clients/${clientId}/funding`, {
          effectiveFrom: '2020-01-01',
          shares: [{ funderId: funders[0]!.id, percent: 100 }],
        })
      ).status,
    ).toBe(200);
    const visit = (date: string) => ({
      clientId,
      appointmentId: randomUUID(),
      date,
      serviceName: 'Companionship',
      plannedMinutes: 60,
      actualMinutes: 60,
      mileageTenths: null,
    });
    const generate = async (month: string, issuedOn: string) => {
      const service = new FinanceService(stack.command.store, { completedVisits: async () => [visit(`${month}-05`)] });
      const made = await service.generateInvoices(
        { periodStart: `${month}-01`, periodEnd: `${month}-28`, clientId, issuedOn },
        { userId: stack.command.admin.id, requestId: 'test' },
      );
      return made.invoices[0]!.id;
    };
    // Issued in January with 30 days' terms: overdue now. February's is paid in full.
    const overdueId = await generate('2025-12', `${today.slice(0, 4)}-01-02`);
    const paidId = await generate('2026-01', `${today.slice(0, 4)}-01-03`);
    const paid = await admin('POST', `/api/finance/invoices/${paidId}/payments`, {
      amountPence: 24_00,
      receivedOn: today,
    });
    expect(paid.status, paid.text).toBe(201);
    lastPosition = paid.body.position as string;

    const reply = await get('/api/finance/invoices?status=unpaid');
    expect(reply.headers.get('x-total-count')).toBe('2');
    const unpaid = (await reply.json()) as InvoiceView[];
    expect(unpaid.map((invoice) => [invoice.id, invoice.status])).toEqual([
      [overdueId, 'overdue'],
      [invoiceId, 'processing'],
    ]);
    const secondPage = (await (
      await get('/api/finance/invoices?status=unpaid&limit=1&offset=1')
    ).json()) as InvoiceView[];
    expect(secondPage.map((invoice) => invoice.id)).toEqual([invoiceId]);
    const refused = await get('/api/finance/invoices?status=owing');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Status must be one of: pending, processing, paid, overdue, unpaid');
  });
});

describe('GET /api/finance/bank-holidays', () => {
  it("lists the year's bank holidays in force, with the days an administrator added and without the ones removed", async () => {
    const builtIn = (await (await get('/api/finance/bank-holidays?year=2027')).json()) as {
      date: string;
      name: string;
      source: string;
    }[];
    expect(builtIn).toHaveLength(8);
    expect(builtIn[0]).toEqual({ date: '2027-01-01', name: "New Year's Day", source: 'built-in' });

    const admin = stack.command.request;
    expect(
      (await admin('POST', '/api/finance/bank-holidays', { date: '2027-06-09', name: 'Jubilee bank holiday' })).status,
    ).toBe(201);
    const removal = await admin('POST', '/api/finance/bank-holidays/2027-05-31/removal', { reason: 'Moved to 9 June' });
    expect(removal.status, removal.text).toBe(200);
    lastPosition = removal.body.position as string;

    const now = (await (await get('/api/finance/bank-holidays?year=2027')).json()) as {
      date: string;
      name: string;
      source: string;
    }[];
    expect(now.map((day) => day.date)).toEqual([
      '2027-01-01',
      '2027-03-26',
      '2027-03-29',
      '2027-05-03',
      '2027-06-09',
      '2027-08-30',
      '2027-12-27',
      '2027-12-28',
    ]);
    expect(now.find((day) => day.date === '2027-06-09')).toEqual({
      date: '2027-06-09',
      name: 'Jubilee bank holiday',
      source: 'added',
    });
    expect((await get('/api/finance/bank-holidays?year=twenty')).status).toBe(400);
    expect((await get('/api/finance/bank-holidays', carer)).status).toBe(403);
  });
});

describe('GET /api/finance/client-funding', () => {
  it('lists clients by surname with who pays for their care today, finds one by name, and keeps only the unfunded on request', async () => {
    const all = await get('/api/finance/client-funding');
    expect(all.status).toBe(200);
    const rows = (await all.json()) as {
      clientName: string;
      funding: { shares: { funderName: string | null; percent: number }[] } | null;
    }[];
    expect(rows.map((row) => row.clientName)).toEqual(['Arthur Bell', 'Edith Green']);
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(rows[1]!.funding?.shares).toEqual([
      expect.objectContaining({ funderName: 'Leeds City Council', percent: 100 }),
    ]);

    const admin = stack.command.request;
    const unfunded = await admin('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Cyril',
      lastName: 'Ashworth',
      dateOfBirth: '1936-11-02',
      address: '2 Moor Road, Leeds',
      emergencyContact: 'Ann Ashworth',
      emergencyPhone: '07700 900789',
      careLevel: 'high',
    });
    lastPosition = unfunded.body.position as string;
    const onlyUnfunded = (await (await get('/api/finance/client-funding?unfunded=true')).json()) as {
      clientName: string;
      funding: unknown;
    }[];
    expect(onlyUnfunded).toEqual([expect.objectContaining({ clientName: 'Cyril Ashworth', funding: null })]);
    const searched = (await (await get('/api/finance/client-funding?search=gree')).json()) as { clientName: string }[];
    expect(searched.map((row) => row.clientName)).toEqual(['Edith Green']);
    expect((await get('/api/finance/client-funding?unfunded=maybe')).status).toBe(400);
    expect((await get('/api/finance/client-funding', carer)).status).toBe(403);
  });
});

describe('PATCH /api/finance/invoices/:id (Edit while draft)', () => {
  it("edits a draft's due date, purchase order, note and added charges, shows them in the list and the PDF, and refuses once it is sent", async () => {
    const admin = stack.command.request;
    const client = await admin('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Doris',
      lastName: 'Crane',
      dateOfBirth: '1939-07-21',
      address: '11 Beck Lane, Leeds',
      emergencyContact: 'Tom Crane',
      emergencyPhone: '07700 900654',
      careLevel: 'medium',
    });
    const clientId = client.body.id as string;
    const funders = (await (await get('/api/finance/funders')).json()) as { id: string }[];
    expect(
      (
        await admin('PUT', `/api/finance/clients/${clientId}/funding`, {
          effectiveFrom: '2020-01-01',
          shares: [{ funderId: funders[0]!.id, percent: 100 }],
        })
      ).status,
    ).toBe(200);
    // One weekday visit of an hour with 12.5 miles: £24.00 and mileage at the default 45p a mile, £5.63.
    const service = new FinanceService(stack.command.store, {
      completedVisits: async () => [
        {
          clientId,
          appointmentId: randomUUID(),
          date: '2026-04-07',
          serviceName: 'Personal care',
          plannedMinutes: 60,
          actualMinutes: 60,
          mileageTenths: 125,
        },
      ],
    });
    const made = await service.generateInvoices(
      { periodStart: '2026-04-01', periodEnd: '2026-04-30', clientId, issuedOn: today },
      { userId: stack.command.admin.id, requestId: 'test' },
    );
    const draftId = made.invoices[0]!.id;
    lastPosition = made.position ? positionToToken(made.position) : lastPosition;
    const draft = (await (await get(`/api/finance/invoices/${draftId}`)).json()) as InvoiceDetailView;
    expect(draft.totalPence).toBe(29_63);
    expect(draft.lines.map((line) => [line.kind, line.description, line.amountPence])).toEqual([
      ['visit', 'Personal care 07/04/2026', 24_00],
      ['mileage', 'Mileage 07/04/2026: 12.5 miles at 45p a mile', 5_63],
    ]);

    const dueOn = addDays(today, 45);
    const body = {
      dueOn,
      purchaseOrder: 'PO-7781',
      notes: 'Please quote the purchase order.',
      charges: [{ date: '2026-04-07', description: 'Key safe fitted', amountPence: 25_00 }],
    };
    const refusedBlank = await admin('PATCH', `/api/finance/invoices/${draftId}`, {
      ...body,
      charges: [{ date: '2026-04-07', description: '', amountPence: 25_00 }],
    });
    expect([refusedBlank.status, refusedBlank.body.fields]).toEqual([
      400,
      { 'charges.0.description': 'Charge description is required' },
    ]);
    const saved = await admin('PATCH', `/api/finance/invoices/${draftId}`, body, { 'If-Match': draft.revision });
    expect(saved.status, saved.text).toBe(200);
    // Someone else's edit in between: the stale revision is refused, nothing appended.
    const stale = await admin(
      'PATCH',
      `/api/finance/invoices/${draftId}`,
      { ...body, purchaseOrder: 'PO-0000' },
      { 'If-Match': draft.revision },
    );
    expect(stale.status).toBe(409);
    lastPosition = saved.body.position as string;

    const edited = (await (await get(`/api/finance/invoices/${draftId}`)).json()) as InvoiceDetailView;
    expect(edited).toMatchObject({
      totalPence: 54_63,
      dueOn,
      purchaseOrder: 'PO-7781',
      notes: 'Please quote the purchase order.',
      status: 'pending',
    });
    expect(edited.lines.map((line) => [line.kind, line.amountPence])).toEqual([
      ['visit', 24_00],
      ['mileage', 5_63],
      ['charge', 25_00],
    ]);
    const pdf = await pdfText(
      new Uint8Array(await (await get(`/api/finance/invoices/${draftId}/invoice.pdf`)).arrayBuffer()),
    );
    for (const expected of [
      'PO-7781',
      'Please quote the purchase order.',
      'Key safe fitted',
      '12.5 miles at 45p a mile',
      '£54.63',
    ])
      expect(pdf).toContain(expected);

    // Removing the charge: the total is the visit's again.
    const removed = await admin(
      'PATCH',
      `/api/finance/invoices/${draftId}`,
      { ...body, charges: [] },
      { 'If-Match': edited.revision },
    );
    expect(removed.status, removed.text).toBe(200);
    const sent = await admin('POST', `/api/finance/invoices/${draftId}/sent`, {});
    expect(sent.status, sent.text).toBe(200);
    lastPosition = sent.body.position as string;
    expect(((await (await get(`/api/finance/invoices/${draftId}`)).json()) as InvoiceDetailView).totalPence).toBe(
      29_63,
    );
    const afterSend = await admin('PATCH', `/api/finance/invoices/${draftId}`, body);
    expect([afterSend.status, afterSend.body.error]).toEqual([
      409,
      'This invoice was sent: correct it with a credit note',
    ]);
    expect((await coordinator.request('PATCH', `/api/finance/invoices/${draftId}`, body)).status).toBe(403);
  });
});

// Last: the client and funder it adds would change the other tests' lists.
describe('GET /api/finance/funders', () => {
  it("lists each funder's own rates and the rates agreed for one client, with the client's name", async () => {
    const admin = stack.command.request;
    const client = await admin('POST', '/api/clients', {
      clientId: `CL-${randomUUID().slice(0, 8)}`,
      firstName: 'Harold',
      lastName: 'Pike',
      dateOfBirth: '1940-02-02',
      address: '2 Beck Lane, Leeds',
      emergencyContact: 'Jo Pike',
      emergencyPhone: '07700 900789',
      careLevel: 'low',
    });
    const funder = await admin('POST', '/api/finance/funders', {
      name: 'Wakefield Council',
      kind: 'local_authority',
      paymentTermsDays: 30,
    });
    const funderId = funder.body.id as string;
    expect(
      (
        await admin('POST', `/api/finance/funders/${funderId}/rates`, {
          effectiveFrom: '2026-01-01',
          weekdayHourlyPence: 24_00,
          weekendHourlyPence: 28_00,
          bankHolidayHourlyPence: 36_00,
        })
      ).status,
    ).toBe(201);
    const agreed = await admin('POST', `/api/finance/funders/${funderId}/rates`, {
      effectiveFrom: '2026-02-01',
      weekdayHourlyPence: 31_00,
      weekendHourlyPence: 34_00,
      bankHolidayHourlyPence: 46_00,
      clientId: client.body.id,
    });
    expect(agreed.status, agreed.text).toBe(201);
    lastPosition = agreed.body.position as string;
    const funders = (await (await get('/api/finance/funders')).json()) as {
      id: string;
      rates: {
        effectiveFrom: string;
        weekdayHourlyPence: number;
        clientId: string | null;
        clientName: string | null;
      }[];
    }[];
    const rates = funders.find((entry) => entry.id === funderId)!.rates;
    expect(
      rates.map(({ effectiveFrom, weekdayHourlyPence, clientId, clientName }) => [
        effectiveFrom,
        weekdayHourlyPence,
        clientId,
        clientName,
      ]),
    ).toEqual([
      ['2026-02-01', 31_00, client.body.id, 'Harold Pike'],
      ['2026-01-01', 24_00, null, null],
    ]);
  });
});
