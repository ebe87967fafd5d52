import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { DEMO_HISTORY_HOURS, DEMO_VISIT_DAYS_BACK } from './demo/demo-appointments';
import { demoPayrollPeriods } from './demo/demo-payroll';
import { seedDemoPayroll } from './demo-seed';
import { seedDemoInvoices } from './demo-invoices-seed';
import { demoInvoiceRuns } from './demo/demo-finance';
import { startTestProduct, type TestProduct } from './test-product';

let running: TestProduct;
let cookie = '';
const today = londonToday();
/** Every whole week of the demo's visit history: thirteen, so three months of invoices and payroll. */
const periods = demoPayrollPeriods(today, DEMO_VISIT_DAYS_BACK);

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; total: string | null }> {
  const reply = await fetch(`${running.product.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: running.product.url, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  return {
    status: reply.status,
    body: text === '' ? null : (JSON.parse(text) as unknown),
    total: reply.headers.get('x-total-count'),
  };
}
const id = (reply: { body: unknown }) => (reply.body as { id: string }).id;

/** The real product (projector included) with one completed visit in each week the demo pays. */
beforeAll(async () => {
  running = await startTestProduct(inject('databaseUrl'), 'demo_finance', {
    MANUAL_TIME_MAX_HOURS_BACK: String(DEMO_HISTORY_HOURS),
  });
  const login = await fetch(`${running.product.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: running.product.url },
    body: JSON.stringify(running.admin),
  });
  cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const carerId = id(
    await call('POST', '/api/carers', {
      firstName: 'Amelia',
      lastName: 'Hughes',
      email: 'amelia@example.org',
      employeeId: 'EMP-9001',
      startDate: '2024-03-01',
      hourlyRate: '13.50',
    }),
  );
  const clientId = id(
    await call('POST', '/api/clients', {
      clientId: 'CL-9001',
      firstName: 'Edith',
      lastName: 'Green',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Green',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    }),
  );
  const manual = { source: 'Manual', manualInputReason: 'Demo history' };
  for (const period of periods) {
    const day = addDays(period.periodStart, 2);
    const visit = id(
      await call('POST', '/api/appointments', {
        clientId,
        carerId,
        scheduledStart: londonTimeToInstant(day, '09:00'),
        durationMinutes: 60,
        visitType: 'personal_care',
        tasks: ['Wash'],
      }),
    );
    await call('POST', `/api/appointments/${visit}/check-in`, {
      ...manual,
      checkedInAt: londonTimeToInstant(day, '09:00'),
    });
    await call('POST', `/api/appointments/${visit}/check-out`, {
      ...manual,
      checkedOutAt: londonTimeToInstant(day, '10:00'),
      tasksCompleted: ['Wash'],
      medicationGiven: false,
    });
  }
}, 240_000);
afterAll(async () => running?.stop());

describe('demo payroll', () => {
  it('sets the policy and processes each whole week of the history through the API, once the visits are listed', async () => {
    expect(periods.length).toBeGreaterThanOrEqual(3);
    expect(await seedDemoPayroll(running.product.url, running.admin)).toBe(periods.length);
    const summary = async () =>
      (await call('GET', '/api/finance/payroll/summary')).body as {
        periodStart: string;
        carers: number;
        grossPence: number;
      }[];
    // The payroll read model follows the commands a moment later.
    await expect
      .poll(async () => (await summary()).map((row) => row.periodStart).sort())
      .toEqual(periods.map((period) => period.periodStart));
    const rows = await summary();
    // One 60-minute visit a week at £13.50.
    expect(rows.every((row) => row.carers === 1 && row.grossPence === 13_50)).toBe(true);
  }, 120_000);

  it('adds funders, funds the client (split between the council and the NHS), invoices each week and follows the invoices up', async () => {
    const runs = demoInvoiceRuns(today, DEMO_VISIT_DAYS_BACK);
    expect(runs.length).toBeGreaterThanOrEqual(12);
    // One client, split 60/40: two invoices a week.
    expect(await seedDemoInvoices(running.product.url, running.admin)).toBe(runs.length * 2);
    const invoices = async () =>
      (await call('GET', '/api/finance/invoices?limit=100')).body as {
        number: string;
        funderName: string;
        totalPence: number;
        status: string;
        issuedOn: string;
        purchaseOrder: string | null;
      }[];
    await expect.poll(async () => (await invoices()).length).toBe(runs.length * 2);
    const all = await invoices();
    expect(new Set(all.map((invoice) => invoice.funderName))).toEqual(
      new Set(['Leeds City Council', 'West Yorkshire ICB (continuing healthcare)']),
    );
    expect(new Set(all.map((invoice) => invoice.issuedOn))).toEqual(new Set(runs.map((run) => run.issuedOn)));
    // The last week's are not sent yet; the older public ones past 14 days are paid.
    const newest = runs.at(-1)!.issuedOn;
    expect(all.filter((invoice) => invoice.issuedOn === newest).every((invoice) => invoice.status === 'pending')).toBe(
      true,
    );
    // The council's draft of that week carries its purchase order (Edit while draft).
    await expect
      .poll(async () =>
        (await invoices())
          .filter((invoice) => invoice.purchaseOrder !== null)
          .map((invoice) => [invoice.funderName, invoice.issuedOn]),
      )
      .toEqual([['Leeds City Council', newest]]);
    expect(all.some((invoice) => invoice.status === 'paid')).toBe(true);
    const funding = (await call('GET', '/api/finance/client-funding')).body as {
      funding: { shares: { percent: number }[] } | null;
    }[];
    expect(funding.map((client) => client.funding?.shares.map((share) => share.percent))).toEqual([[60, 40]]);
  }, 120_000);
});
