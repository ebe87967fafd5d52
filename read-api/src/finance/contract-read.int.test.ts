import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday, type ContractView, type ExchangeRatesReply } from '@care/events';
import type { TestUser } from '@care/command-api/testing';
// The command side's generation, with visits given by the test (the appointments read model is not under test here).
import { FinanceService } from '../../../command-api/src/finance/finance-service';
import { pdfText } from '@care/documents/testing';
import { startReadStack, type ReadStack } from '../../testing/read-stack';

let stack: ReadStack;
let coordinator: TestUser;
let carer: TestUser;
let clientId = '';
let contractId = '';
let lastPosition = '';
const today = londonToday();

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'finance_contracts_read');
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
  clientId = client.body.id as string;
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
  // An invoice issued 45 days ago for two weekday visits (1 hour and 30 minutes at £24.00: £36.00), £10.00 of it
  // paid: £26.00 owed in the 31-60 days band.
  const issuedOn = addDays(today, -45);
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
        date: '2026-03-05',
        serviceName: 'Personal care',
        plannedMinutes: 60,
        actualMinutes: 30,
        mileageTenths: null,
      },
    ],
  });
  const generated = await service.generateInvoices(
    { periodStart: '2026-03-01', periodEnd: '2026-03-31', clientId, issuedOn },
    { userId: stack.command.admin.id, requestId: 'test' },
  );
  expect(generated.problems).toEqual([]);
  const paid = await admin('POST', `/api/finance/invoices/${generated.invoices[0]!.id}/payments`, {
    amountPence: 10_00,
    receivedOn: today,
  });
  expect(paid.status, paid.text).toBe(201);

  const rates = await admin('POST', '/api/finance/exchange-rates', {
    effectiveOn: today,
    rates: { USD: '1.27', EUR: '1.16', CAD: '1.75', AUD: '1.93' },
  });
  expect(rates.status, rates.text).toBe(201);
  const contract = await admin('POST', '/api/finance/contracts', {
    contractNumber: 'CT-2026-014',
    clientId,
    startDate: addDays(today, -300),
    endDate: addDays(today, 65),
    valuePence: 18_500_00,
    services: ['Personal care', 'Medication support'],
    renewalDate: addDays(today, 20),
  });
  expect(contract.status, contract.text).toBe(201);
  contractId = contract.body.id as string;
  const expired = await admin('POST', '/api/finance/contracts', {
    contractNumber: 'CT-2024-002',
    clientId,
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    valuePence: 9_000_00,
    services: ['Companionship'],
    renewalDate: '2024-11-30',
  });
  expect(expired.status, expired.text).toBe(201);
  lastPosition = expired.body.position as string;
});
afterAll(async () => {
  await stack?.stop();
});

async function get(path: string, user: TestUser = stack.command.admin) {
  return fetch(`${stack.readUrl}${path}`, { headers: { cookie: user.cookie, 'x-min-position': lastPosition } });
}

describe('contracts', () => {
  it('lists contracts paged, the running ones first, with the status derived from the dates', async () => {
    const reply = await get('/api/finance/contracts?limit=1');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('x-total-count')).toBe('2');
    const [first] = (await reply.json()) as ContractView[];
    expect(first).toMatchObject({
      id: contractId,
      contractNumber: 'CT-2026-014',
      clientName: 'Edith Green',
      valuePence: 18_500_00,
      status: 'active',
      daysToRenewal: 20,
    });
    const second = (await (await get('/api/finance/contracts?limit=1&offset=1')).json()) as ContractView[];
    expect(second.map((contract) => [contract.contractNumber, contract.status])).toEqual([['CT-2024-002', 'expired']]);
    const expiredOnly = await get('/api/finance/contracts?status=expired');
    expect(expiredOnly.headers.get('x-total-count')).toBe('1');
  });

  it('prints View Contract as a PDF with its number, client, value and services', async () => {
    const reply = await get(`/api/finance/contracts/${contractId}/contract.pdf`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await reply.arrayBuffer()));
    for (const expected of [
      'Contract CT-2026-014',
      'Edith Green',
      '£18,500.00',
      'Personal care',
      'Medication support',
      'Active',
    ])
      expect(text).toContain(expected);
    expect((await get(`/api/finance/contracts/${randomUUID()}/contract.pdf`)).status).toBe(404);
  });

  it('refuses a second contract with the same number (spaces and case aside), and dates that do not fit', async () => {
    const body = {
      contractNumber: 'ct-2026-014 ',
      clientId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      valuePence: 1,
      services: ['Personal care'],
      renewalDate: '2026-12-01',
    };
    const duplicate = await stack.command.request('POST', '/api/finance/contracts', body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).toContain('Contract number already exists');
    const backwards = await stack.command.request('POST', '/api/finance/contracts', {
      ...body,
      contractNumber: 'CT-NEW-1',
      endDate: '2025-12-31',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('The end date is before the start date');
  });

  it('renews a contract: the new end and renewal dates show on the list', async () => {
    const renewed = await stack.command.request('POST', `/api/finance/contracts/${contractId}/renew`, {
      endDate: addDays(today, 430),
      renewalDate: addDays(today, 400),
      valuePence: 19_000_00,
    });
    expect(renewed.status, renewed.text).toBe(200);
    lastPosition = renewed.body.position as string;
    const contract = (await (await get(`/api/finance/contracts/${contractId}`)).json()) as ContractView;
    expect(contract).toMatchObject({
      endDate: addDays(today, 430),
      renewalDate: addDays(today, 400),
      valuePence: 19_000_00,
      daysToRenewal: 400,
    });
  });
});

describe('exchange rates', () => {
  it('shows the rates in force, the date they are for and who set them', async () => {
    const reply = (await (await get('/api/finance/exchange-rates')).json()) as ExchangeRatesReply;
    expect(reply.current).toMatchObject({
      effectiveOn: today,
      rates: { USD: 1_270_000, EUR: 1_160_000, CAD: 1_750_000, AUD: 1_930_000 },
      setByName: 'Ada Admin',
    });
    expect(reply.history).toHaveLength(1);
  });
});

describe('financial reports', () => {
  const range = `from=${addDays(today, -400)}&to=${today}`;
  const csvOf = async (key: string) => {
    const reply = await get(`/api/finance/reports/${key}/report.csv?${range}`);
    expect(reply.status, key).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/csv');
    return (await reply.text()).replace(/^\uFEFF/, '');
  };
  const pdfOf = async (key: string) => {
    const reply = await get(`/api/finance/reports/${key}/report.pdf?${range}`);
    expect(reply.status, key).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    return pdfText(new Uint8Array(await reply.arrayBuffer()));
  };

  it('ages what the funder owes by the invoice date (31-60 days here), as a PDF and a CSV', async () => {
    const text = await pdfOf('aged-debtors');
    for (const expected of ['Aged debtors', 'Leeds City Council', '31-60 days', '£26.00'])
      expect(text).toContain(expected);
    const csv = await csvOf('aged-debtors');
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      'Funder,0-30 days,31-60 days,61-90 days,90+ days,Total',
      'Leeds City Council,0.00,26.00,0.00,0.00,26.00',
      'Total,0.00,26.00,0.00,0.00,26.00',
    ]);
  });

  it('gives revenue by client and the funder summary with the invoiced, paid and outstanding amounts', async () => {
    const revenue = await csvOf('revenue-by-client');
    expect(revenue).toContain('Client,Invoices,Invoiced,Credited,Paid,Outstanding');
    expect(revenue).toContain('Edith Green,1,36.00,0.00,10.00,26.00');
    const funders = await pdfOf('funder-summary');
    for (const expected of ['Funder summary', 'Leeds City Council', 'Local authority', '£36.00', '£26.00'])
      expect(funders).toContain(expected);
  });

  it('gives profitability by client and the contracts register', async () => {
    const profit = await csvOf('profitability-by-client');
    expect(profit.split('\r\n')[0]).toBe('Client,Visits,Time,Revenue,Carer cost,Margin,Margin %');
    expect(profit).toContain('Edith Green,0,0h 00m,36.00,0.00,36.00,100%');
    const register = await pdfOf('contracts-register');
    for (const expected of ['Contracts register', 'CT-2026-014', 'CT-2024-002', 'Expired', '£19,000.00'])
      expect(register).toContain(expected);
  });

  it('exports the invoices (Export Data) and the financial summary with USD and EUR at the rates set (Generate Report)', async () => {
    const invoices = await csvOf('invoices');
    expect(invoices.split('\r\n')[0]).toBe(
      'Number,Issued,Due,Period start,Period end,Client,Funder,Total,Paid,Credited,Outstanding,Sent,Overdue',
    );
    expect(invoices).toContain('Edith Green,Leeds City Council,36.00,10.00,0.00,26.00,No,Yes');
    const summary = await pdfOf('financial-summary');
    for (const expected of ['Financial summary', 'Ada Admin', '1 GBP = 1.27 USD, 1.16 EUR', 'Net profit (USD)'])
      expect(summary).toContain(expected);
  });

  it('answers 404 for an unknown report and 400 for a backwards range', async () => {
    expect((await get('/api/finance/reports/nothing/report.pdf')).status).toBe(404);
    const backwards = await get(`/api/finance/reports/aged-debtors/report.csv?from=${today}&to=2020-01-01`);
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toContain('From must be on or before To');
    const ancient = await get('/api/finance/reports/aged-debtors/report.csv?from=1066-10-14');
    expect(ancient.status).toBe(400);
    expect(await ancient.text()).toContain('From: Must be a date from 1900 to 2099');
  });
});

describe('permissions', () => {
  it('lets a coordinator read contracts, rates and reports but not write them; a carer reads none', async () => {
    expect((await get('/api/finance/contracts', coordinator)).status).toBe(200);
    expect((await get('/api/finance/exchange-rates', coordinator)).status).toBe(200);
    expect((await get('/api/finance/reports/contracts-register/report.csv', coordinator)).status).toBe(200);
    const write = await coordinator.request('POST', '/api/finance/exchange-rates', {
      effectiveOn: today,
      rates: { USD: '1', EUR: '1', CAD: '1', AUD: '1' },
    });
    expect(write.status).toBe(403);
    expect((await coordinator.request('POST', '/api/finance/contracts', {})).status).toBe(403);
    for (const path of [
      '/api/finance/contracts',
      `/api/finance/contracts/${contractId}/contract.pdf`,
      '/api/finance/exchange-rates',
      '/api/finance/reports/aged-debtors/report.pdf',
    ]) {
      expect((await get(path, carer)).status, path).toBe(403);
    }
    expect((await carer.request('POST', '/api/finance/contracts', {})).status).toBe(403);
  });
});
