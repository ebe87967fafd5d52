import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { pdfText } from '@care/documents/testing';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'payroll e2e password 1';
const amyLogin = { email: 'amy.baker@example.org', password: PASSWORD };

// Last month's visits are typed in after the event: times entered by hand up to 60 days back.
process.env.MANUAL_TIME_MAX_HOURS_BACK = String(60 * 24);

const today = londonToday();
const firstOfThisMonth = `${today.slice(0, 7)}-01`;
const lastDayOfLastMonth = addDays(firstOfThisMonth, -1);
const firstOfLastMonth = `${lastDayOfLastMonth.slice(0, 7)}-01`;
/** Two visits on the same day near the end of last month (within the hand-entry window). */
const workDay = addDays(lastDayOfLastMonth, -2);

async function send(request: APIRequestContext, method: string, pathname: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${pathname}`, {
    method,
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

/**
 * Amy (£11.50 an hour, below the National Living Wage) works two visits last month with 20 minutes' travel and
 * 6.5 miles between them; Ben (£14.00 an hour) one visit. Amy signs in as herself to see her own payslip.
 */
beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_payroll');
  admin = await env.signedInContext();
  const post = (pathname: string, data: Record<string, unknown>) => send(admin.request, 'POST', pathname, data);
  const amyUser = await post('/api/users', {
    email: amyLogin.email,
    firstName: 'Amy',
    lastName: 'Baker',
    role: 'carer',
    password: PASSWORD,
  });
  const amy = await post('/api/carers', {
    firstName: 'Amy',
    lastName: 'Baker',
    email: amyLogin.email,
    employeeId: 'EMP-3301',
    startDate: '2024-03-01',
    hourlyRate: '11.50',
    userId: amyUser,
  });
  const ben = await post('/api/carers', {
    firstName: 'Ben',
    lastName: 'Cole',
    email: 'ben.cole@example.org',
    employeeId: 'EMP-3302',
    startDate: '2024-03-01',
    hourlyRate: '14.00',
  });
  const client = await post('/api/clients', {
    clientId: 'CL-3301',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  const manual = { source: 'Manual', manualInputReason: 'Entered from the paper timesheet' };
  const visit = async (carerId: string, start: string, end: string, extra: Record<string, unknown>) => {
    const id = await post('/api/appointments', {
      clientId: client,
      carerId,
      scheduledStart: londonTimeToInstant(workDay, start),
      durationMinutes: 60,
      visitType: 'personal_care',
      tasks: ['Wash'],
    });
    await post(`/api/appointments/${id}/check-in`, { ...manual, checkedInAt: londonTimeToInstant(workDay, start) });
    await post(`/api/appointments/${id}/check-out`, {
      ...manual,
      checkedOutAt: londonTimeToInstant(workDay, end),
      tasksCompleted: ['Wash'],
      medicationGiven: false,
      notes: 'All well',
      ...extra,
    });
  };
  await visit(amy, '09:00', '10:00', {});
  await visit(amy, '10:20', '11:20', { travelTimeMinutes: 20, mileage: '6.5' });
  await visit(ben, '14:00', '15:30', {});
}, 240_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${pathname}`);
  return page;
}

async function pdfAt(context: BrowserContext, href: string): Promise<{ status: number; text: string }> {
  const reply = await context.request.get(`${env.product.url}${href}`);
  if (reply.status() !== 200) return { status: reply.status(), text: '' };
  return { status: 200, text: (await pdfText(new Uint8Array(await reply.body()))).replace(/\s+/g, ' ') };
}

let amyPayslipHref = '';
let benPayslipHref = '';

describe('Payroll Management in Chromium', () => {
  it('an admin processes payroll for last month, views a payslip, sends it and exports the CSV', async () => {
    const page = await open(admin, '/finance');
    await page.getByRole('tab', { name: 'Payroll Management' }).click();
    await expect.poll(() => page.getByText('No payroll processed yet.').isVisible()).toBe(true);
    // Payroll settings: travel paid (the default), and next April's National Living Wage added with its date.
    await page.getByText('Payroll settings').click();
    await expect.poll(() => page.getByLabel('Pay travel time between visits').isChecked()).toBe(true);
    await page.getByLabel('Rate applies from').fill('01/04/2027');
    await page.getByLabel('Hourly rate (£)').fill('13.10');
    await page.getByRole('button', { name: 'Add Rate' }).click();
    await expect
      .poll(() => page.getByTestId('living-wage-rates').innerText())
      .toContain('£13.10 an hour from 01/04/2027');
    await page.getByRole('button', { name: 'Save Policy' }).click();
    await expect.poll(() => page.getByText('Payroll policy saved').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Process Payroll' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process Payroll' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Pay period').selectOption('month');
    await dialog.getByRole('button', { name: 'Process' }).click();

    const amyRow = page.getByTestId('payslip-Amy Baker');
    const benRow = page.getByTestId('payslip-Ben Cole');
    await expect.poll(() => amyRow.isVisible(), { timeout: 15_000 }).toBe(true);
    // Amy: 2 h of visits + 20 min paid travel = 2h 20m at £11.50 = £26.83, plus 6.5 miles at 45p = £2.93 (half up).
    await expect.poll(() => amyRow.innerText()).toContain('2 h 20 min');
    expect(await amyRow.innerText()).toContain('£29.76');
    expect(await amyRow.innerText()).toContain('Below minimum wage');
    expect(await amyRow.innerText()).toContain('Processed');
    await expect.poll(() => benRow.innerText()).toContain('£21.00');
    expect(await benRow.innerText()).toContain('OK');
    expect(await page.getByText('1 carer is paid below the National Living Wage').isVisible()).toBe(true);

    // View Payslip: the PDF's text read back.
    amyPayslipHref = (await amyRow.getByRole('link', { name: 'View Payslip of Amy Baker' }).getAttribute('href')) ?? '';
    benPayslipHref = (await benRow.getByRole('link', { name: 'View Payslip of Ben Cole' }).getAttribute('href')) ?? '';
    const payslip = await pdfAt(admin, amyPayslipHref);
    expect(payslip.status).toBe(200);
    for (const expected of [
      'Payslip',
      'Amy Baker',
      'EMP-3301',
      '£29.76',
      'Net pay (estimate)',
      "before the payroll bureau's figures",
      'BELOW the National Living Wage',
    ]) {
      expect(payslip.text).toContain(expected);
    }

    // Send to Employee: the list says sent and when.
    await amyRow.getByRole('button', { name: 'Send to Employee Amy Baker' }).click();
    await expect.poll(() => amyRow.innerText()).toContain('Sent');
    await expect.poll(() => amyRow.getByRole('button', { name: 'Send again Amy Baker' }).isVisible()).toBe(true);

    // Export CSV for payroll software.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`payroll-${firstOfLastMonth}-to-${lastDayOfLastMonth}.csv`);
    const csv = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    expect(csv).toContain('Employee ID,Carer,Period start,Period end');
    expect(csv).toContain(`EMP-3301,Amy Baker,${firstOfLastMonth},${lastDayOfLastMonth},2,2.33`);
    expect(csv).toContain('29.76');

    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/finance-payroll-1280.png`, fullPage: true });

    // The same period again is refused: never paid twice.
    await page.getByRole('button', { name: 'Process Payroll' }).click();
    await dialog.getByRole('button', { name: 'Process' }).click();
    await expect.poll(() => dialog.getByRole('alert').innerText()).toContain('already processed');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('fits a phone', async () => {
    const phone = await env.signedInContext(PHONE);
    const page = await open(phone, '/finance');
    await page.getByRole('tab', { name: 'Payroll Management' }).click();
    await expect.poll(() => page.getByTestId('payslip-Amy Baker').isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/finance-payroll-390.png`, fullPage: true });
    await phone.close();
  });

  it('a carer sees only their own payslip', async () => {
    const amy = await env.signedInContext(undefined, amyLogin);
    const page = await open(amy, '/finance');
    await expect.poll(() => page.getByRole('heading', { name: 'My payslips' }).isVisible()).toBe(true);
    const table = page.getByTestId('my-payslips');
    await expect.poll(() => table.innerText()).toContain('£29.76');
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.innerText()).not.toContain('£21.00');
    const own = (await table.getByRole('link').first().getAttribute('href')) ?? '';
    const mine = await pdfAt(amy, own);
    expect(mine.status).toBe(200);
    expect(mine.text).toContain('Amy Baker');
    // Ben's payslip: not hers through her own list (404), and the admin's route refuses her (403).
    const benId = benPayslipHref.split('/').at(-2) ?? '';
    expect((await pdfAt(amy, `/api/finance/payslips/mine/${benId}/payslip.pdf`)).status).toBe(404);
    expect((await pdfAt(amy, benPayslipHref)).status).toBe(403);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/finance-my-payslips-1280.png`, fullPage: true });
    await amy.close();
  });
});
