import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { clientBillingStreamId, invoiceNumberStreamId, invoiceStreamId } from '@care/events';
import { ensureMailSchema, startCommandApi, type RunningCommandApi, type TestUser } from '../../testing';
import { FinanceService } from './finance-service';
import { InvoiceNumberer } from './invoice-numbering';
import type { CompletedVisit } from './invoice-generation';
import type { VisitSource } from './visit-source';

let api: RunningCommandApi;
let coordinator: TestUser;
const context = { userId: 'finance-test', requestId: 'finance-test' };

beforeAll(async () => {
  api = await startCommandApi(inject('databaseUrl'), 'finance_cmds');
  coordinator = await api.createUser('coordinator');
});
afterAll(async () => {
  await api?.close();
});

async function addClient(lastName: string): Promise<string> {
  const reply = await api.request('POST', '/api/clients', {
    clientId: `CL-${randomUUID().slice(0, 8)}`,
    firstName: 'Edith',
    lastName,
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.id as string;
}

async function addFunder(name: string, weekdayHourlyPence = 24_00): Promise<string> {
  const funder = await api.request('POST', '/api/finance/funders', {
    name,
    kind: 'local_authority',
    paymentTermsDays: 30,
  });
  expect(funder.status, funder.text).toBe(201);
  const id = funder.body.id as string;
  const rate = await api.request('POST', `/api/finance/funders/${id}/rates`, {
    effectiveFrom: '2026-01-01',
    weekdayHourlyPence,
    weekendHourlyPence: 28_00,
    bankHolidayHourlyPence: 36_00,
    minimumChargePence: 10_00,
    billingIncrementMinutes: 15,
  });
  expect(rate.status, rate.text).toBe(201);
  return id;
}

const visitsFor = (clientId: string, visits: CompletedVisit[]): VisitSource => ({
  completedVisits: async () => visits.map((visit) => ({ ...visit, clientId })),
});

describe('finance commands', () => {
  it('are for administrators only: a coordinator cannot add a funder', async () => {
    expect(
      (
        await coordinator.request('POST', '/api/finance/funders', {
          name: 'Leeds City Council',
          kind: 'local_authority',
        })
      ).status,
    ).toBe(403);
  });

  it('refuses a split that does not add up to 100%', async () => {
    const clientId = await addClient('Split');
    const [a, b] = [await addFunder('Council A'), await addFunder('Family B')];
    const reply = await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
      effectiveFrom: '2026-01-01',
      shares: [
        { funderId: a, percent: 60 },
        { funderId: b, percent: 30 },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.text).toContain('The shares add up to 90%: they must add up to 100%');
  });

  it('generates one invoice per funder from completed visits, then takes part payments and a credit note', async () => {
    const clientId = await addClient('Invoiced');
    const council = await addFunder('Leeds City Council');
    const family = await addFunder('The Invoiced family');
    const funding = await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
      effectiveFrom: '2026-01-01',
      shares: [
        { funderId: council, percent: 75 },
        { funderId: family, percent: 25 },
      ],
    });
    expect(funding.status, funding.text).toBe(200);
    const appointmentId = randomUUID();
    const service = new FinanceService(
      api.store,
      visitsFor(clientId, [
        {
          appointmentId,
          date: '2026-03-04',
          serviceName: 'Personal care',
          plannedMinutes: 60,
          actualMinutes: 60,
          mileageTenths: null,
        },
      ]),
    );
    const result = await service.generateInvoices(
      { periodStart: '2026-03-01', periodEnd: '2026-03-31', clientId, issuedOn: '2026-04-01' },
      context,
    );
    expect(result.problems).toEqual([]);
    expect(result.invoices.map((invoice) => [invoice.funderId, invoice.totalPence])).toEqual([
      [council, 18_00],
      [family, 6_00],
    ]);
    // Running the same period again charges nothing twice.
    expect(
      (
        await service.generateInvoices(
          { periodStart: '2026-03-01', periodEnd: '2026-03-31', clientId, issuedOn: '2026-04-01' },
          context,
        )
      ).invoices,
    ).toEqual([]);
    expect((await api.store.readStream(clientBillingStreamId(clientId))).map((event) => event.type)).toEqual([
      'ClientVisitsInvoiced',
      'ClientVisitsInvoiced',
    ]);

    const invoiceId = result.invoices[0]!.id;
    const part = await api.request('POST', `/api/finance/invoices/${invoiceId}/payments`, {
      amountPence: 10_00,
      receivedOn: '2026-04-10',
    });
    expect(part.status, part.text).toBe(201);
    const tooMuch = await api.request('POST', `/api/finance/invoices/${invoiceId}/payments`, {
      amountPence: 8_01,
      receivedOn: '2026-04-11',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain('The payment is more than the £8.00 still owed');
    const credit = await api.request('POST', `/api/finance/invoices/${invoiceId}/credit-notes`, {
      amountPence: 8_00,
      reason: 'Visit was shorter',
    });
    expect(credit.status, credit.text).toBe(201);
    const events = await api.store.readStream(invoiceStreamId(invoiceId));
    expect(events.map((event) => event.type)).toEqual(['InvoiceIssued', 'InvoicePaymentRecorded', 'CreditNoteIssued']);
    expect(events[0]!.data).toMatchObject({
      clientId,
      funderId: council,
      sharePercent: 75,
      dueOn: '2026-05-01',
      totalPence: 18_00,
    });
  });

  it("charges a client at the rate agreed for them from its date, other clients at the funder's rate; an unknown client is refused", async () => {
    const [agreed, other] = [await addClient('Agreed'), await addClient('Standard')];
    const council = await addFunder('Bradford Council', 24_00);
    for (const clientId of [agreed, other]) {
      const funding = await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
        effectiveFrom: '2026-01-01',
        shares: [{ funderId: council, percent: 100 }],
      });
      expect(funding.status, funding.text).toBe(200);
    }
    const clientRate = {
      effectiveFrom: '2026-03-05',
      weekdayHourlyPence: 30_00,
      weekendHourlyPence: 33_00,
      bankHolidayHourlyPence: 45_00,
      clientId: agreed,
    };
    expect((await coordinator.request('POST', `/api/finance/funders/${council}/rates`, clientRate)).status).toBe(403);
    const unknown = await api.request('POST', `/api/finance/funders/${council}/rates`, {
      ...clientRate,
      clientId: randomUUID(),
    });
    expect([unknown.status, unknown.body.fields]).toEqual([400, { clientId: 'Client not found' }]);
    const set = await api.request('POST', `/api/finance/funders/${council}/rates`, clientRate);
    expect(set.status, set.text).toBe(201);

    const visit = (appointmentId: string, date: string): CompletedVisit => ({
      appointmentId,
      date,
      serviceName: 'Personal care',
      plannedMinutes: 60,
      actualMinutes: 60,
      mileageTenths: null,
    });
    const run = (clientId: string) =>
      new FinanceService(
        api.store,
        visitsFor(clientId, [visit(randomUUID(), '2026-03-04'), visit(randomUUID(), '2026-03-05')]),
      ).generateInvoices(
        { periodStart: '2026-03-01', periodEnd: '2026-03-31', clientId, issuedOn: '2026-04-01' },
        context,
      );
    // The day before the agreed rate, the funder's £24.00; from its date, £30.00.
    expect((await run(agreed)).invoices.map((invoice) => invoice.totalPence)).toEqual([24_00 + 30_00]);
    expect((await run(other)).invoices.map((invoice) => invoice.totalPence)).toEqual([24_00 + 24_00]);
  });

  it('gives gapless, unique invoice numbers when many are taken at once', async () => {
    const year = 2031;
    // Twelve runs at once, each with its own numberer (as twelve requests would have).
    const numbers = await Promise.all(
      Array.from({ length: 12 }, () => new InvoiceNumberer(api.store, context).take(year, randomUUID())),
    );
    expect([...numbers].sort((a, b) => Number(a.split('-')[2]) - Number(b.split('-')[2]))).toEqual(
      Array.from({ length: 12 }, (_, index) => `INV-${year}-${index + 1}`),
    );
    expect(await api.store.readStream(invoiceNumberStreamId(year))).toHaveLength(12);
  });

  it("keeps a run's numbers gapless when another run takes numbers between them", async () => {
    const year = 2033;
    const run = new InvoiceNumberer(api.store, context);
    const other = new InvoiceNumberer(api.store, context);
    const taken = [
      await run.take(year, randomUUID()),
      await run.take(year, randomUUID()),
      await other.take(year, randomUUID()),
    ];
    // The first run's view of the stream is now stale: it loses the race once, reads again and takes the next.
    taken.push(await run.take(year, randomUUID()), await run.take(year, randomUUID()));
    expect(taken).toEqual([1, 2, 3, 4, 5].map((n) => `INV-${year}-${n}`));
    expect(await api.store.readStream(invoiceNumberStreamId(year))).toHaveLength(5);
  });

  it('two runs generating at once for different clients share one gapless sequence', async () => {
    const council = await addFunder('Race council');
    const clients = [await addClient('RaceOne'), await addClient('RaceTwo')];
    for (const clientId of clients) {
      await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
        effectiveFrom: '2026-01-01',
        shares: [{ funderId: council, percent: 100 }],
      });
    }
    const runs = await Promise.all(
      clients.map((clientId) =>
        new FinanceService(
          api.store,
          visitsFor(clientId, [
            {
              appointmentId: randomUUID(),
              date: '2032-02-02',
              serviceName: 'Domestic',
              plannedMinutes: 30,
              actualMinutes: 30,
              mileageTenths: null,
            },
          ]),
        ).generateInvoices(
          { periodStart: '2032-02-01', periodEnd: '2032-02-29', clientId, issuedOn: '2032-03-01' },
          context,
        ),
      ),
    );
    expect(runs.flatMap((run) => run.invoices.map((invoice) => invoice.number)).sort()).toEqual([
      'INV-2032-1',
      'INV-2032-2',
    ]);
  });

  it('charges a day an administrator added as a bank holiday at the bank holiday rate, and refuses a day twice or a removal of a working day', async () => {
    const council = await addFunder('Holiday council');
    const clientId = await addClient('Holiday');
    await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
      effectiveFrom: '2026-01-01',
      shares: [{ funderId: council, percent: 100 }],
    });
    // Wednesday 7 June 2034: not in the built-in list (gov.uk has not published 2034 yet).
    const added = await api.request('POST', '/api/finance/bank-holidays', {
      date: '2034-06-07',
      name: 'Coronation bank holiday',
    });
    expect(added.status, added.text).toBe(201);
    const twice = await api.request('POST', '/api/finance/bank-holidays', { date: '2034-06-07', name: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain('07/06/2034 is already a bank holiday (Coronation bank holiday)');
    expect(
      (await coordinator.request('POST', '/api/finance/bank-holidays', { date: '2034-06-08', name: 'Not allowed' }))
        .status,
    ).toBe(403);

    const visit = {
      appointmentId: randomUUID(),
      date: '2034-06-07',
      serviceName: 'Personal care',
      plannedMinutes: 60,
      actualMinutes: 60,
      mileageTenths: null,
    };
    const run = await new FinanceService(api.store, visitsFor(clientId, [visit])).generateInvoices(
      { periodStart: '2034-06-01', periodEnd: '2034-06-30', clientId, issuedOn: '2034-07-01' },
      context,
    );
    const [issued] = await api.store.readStream(invoiceStreamId(run.invoices[0]!.id));
    expect((issued!.data as { lines: { description: string; amountPence: number }[] }).lines).toEqual([
      expect.objectContaining({ description: 'Personal care 07/06/2034 (bank holiday)', amountPence: 36_00 }),
    ]);

    const working = await api.request('POST', '/api/finance/bank-holidays/2034-06-08/removal', { reason: 'Typo' });
    expect(working.status).toBe(404);
    expect(working.text).toContain('08/06/2034 is not a bank holiday');
    const removed = await api.request('POST', '/api/finance/bank-holidays/2034-06-07/removal', {
      reason: 'Announced in error',
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await api.request('POST', '/api/finance/bank-holidays/2034-13-07/removal', { reason: 'x' })).status).toBe(
      400,
    );
  });

  it("Send queues the invoice's PDF, as it stands after an edit, for the funder's invoice address, and records where it went", async () => {
    await ensureMailSchema(api.pool);
    const clientId = await addClient('Mailed');
    const funder = await api.request('POST', '/api/finance/funders', {
      name: 'Bradford Council',
      kind: 'local_authority',
      invoiceEmail: 'invoices@bradford.example.org',
    });
    const funderId = funder.body.id as string;
    await api.request('POST', `/api/finance/funders/${funderId}/rates`, {
      effectiveFrom: '2026-01-01',
      weekdayHourlyPence: 24_00,
      weekendHourlyPence: 28_00,
      bankHolidayHourlyPence: 36_00,
    });
    await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
      effectiveFrom: '2026-01-01',
      shares: [{ funderId, percent: 100 }],
    });
    const visit = {
      appointmentId: randomUUID(),
      date: '2035-03-06',
      serviceName: 'Personal care',
      plannedMinutes: 60,
      actualMinutes: 60,
      mileageTenths: null,
    };
    const run = await new FinanceService(api.store, visitsFor(clientId, [visit])).generateInvoices(
      { periodStart: '2035-03-01', periodEnd: '2035-03-31', clientId, issuedOn: '2035-04-02' },
      context,
    );
    const invoice = run.invoices[0]!;
    // Edited a moment before sending: the mail carries the edit (the invoice's own stream, not a list behind it).
    expect(
      (await api.request('PATCH', `/api/finance/invoices/${invoice.id}`, { purchaseOrder: 'PO-BD-311' })).status,
    ).toBe(200);

    const sent = await api.request('POST', `/api/finance/invoices/${invoice.id}/sent`, {});
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.sentTo).toBe('invoices@bradford.example.org');
    const { rows } = await api.pool.query<{ recipient: string; subject: string; body: string; attachments: unknown }>(
      `SELECT recipient, subject, body, attachments FROM mail.outbox WHERE kind = 'invoice' AND subject LIKE $1`,
      [`Invoice ${invoice.number} %`],
    );
    expect(rows.map((row) => row.recipient)).toEqual(['invoices@bradford.example.org']);
    expect(rows[0]!.body).toContain(
      `Please find attached invoice ${invoice.number} for Edith Mailed's care from 01/03/2035 to 31/03/2035.`,
    );
    expect(rows[0]!.body).toContain('Purchase order: PO-BD-311.');
    // The command side renders nothing: the row names the invoice document, with its data as it stood when sent,
    // and the rules process's sender makes the PDF from it (rules/src/mail/mail.int.test.ts reads that PDF back).
    expect(rows[0]!.attachments).toMatchObject([
      {
        filename: `${invoice.number}.pdf`,
        contentType: 'application/pdf',
        document: {
          kind: 'invoice',
          invoice: {
            id: invoice.id,
            number: invoice.number,
            funderName: 'Bradford Council',
            clientName: 'Edith Mailed',
            purchaseOrder: 'PO-BD-311',
            totalPence: 24_00,
          },
          funderKind: 'local_authority',
        },
      },
    ]);
    const events = await api.store.readStream(invoiceStreamId(invoice.id));
    expect(events.at(-1)).toMatchObject({ type: 'InvoiceSent', data: { sentTo: 'invoices@bradford.example.org' } });
  });

  it('Send without an invoice address records it as sent by hand and mails nothing; an unknown invoice is 404', async () => {
    await ensureMailSchema(api.pool);
    const clientId = await addClient('ByHand');
    const funderId = await addFunder('No email council');
    await api.request('PUT', `/api/finance/clients/${clientId}/funding`, {
      effectiveFrom: '2026-01-01',
      shares: [{ funderId, percent: 100 }],
    });
    const visit = {
      appointmentId: randomUUID(),
      date: '2035-05-08',
      serviceName: 'Personal care',
      plannedMinutes: 60,
      actualMinutes: 60,
      mileageTenths: null,
    };
    const run = await new FinanceService(api.store, visitsFor(clientId, [visit])).generateInvoices(
      { periodStart: '2035-05-01', periodEnd: '2035-05-31', clientId, issuedOn: '2035-06-01' },
      context,
    );
    const invoice = run.invoices[0]!;
    const sent = await api.request('POST', `/api/finance/invoices/${invoice.id}/sent`, {});
    expect([sent.status, sent.body.sentTo]).toEqual([200, null]);
    const { rows } = await api.pool.query(`SELECT 1 FROM mail.outbox WHERE subject LIKE $1`, [
      `Invoice ${invoice.number} %`,
    ]);
    expect(rows).toHaveLength(0);
    expect((await api.request('POST', `/api/finance/invoices/${randomUUID()}/sent`, {})).status).toBe(404);
  });
});
