import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Download, Page } from 'playwright-core';
import { addDays, londonToday } from '@care/events';
import { pdfText } from '@care/documents/testing';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const today = londonToday();
const PHONE = { width: 390, height: 844 };

async function send(request: APIRequestContext, method: string, pathname: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${pathname}`, {
    method,
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

/** One client (Edith Green); everything else is done on the screen. */
beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_finance_reports');
  admin = await env.signedInContext();
  await send(admin.request, 'POST', '/api/clients', {
    clientId: 'CL-2202',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
}, 240_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${pathname}`);
  return page;
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  const chunks = await (await download.createReadStream()).toArray();
  return new Uint8Array(Buffer.concat(chunks as Buffer[]));
}

describe('Contracts, currency exchange and financial reports in Chromium', () => {
  it('sets the exchange rates, creates a contract, views its PDF and generates two reports', async () => {
    const page = await open(admin, '/finance');
    await expect.poll(() => page.getByTestId('rates-note').innerText()).toContain('No exchange rates set yet');

    // Currency Exchange: the strip then shows the rates, who set them and when, never "live".
    await page.getByRole('button', { name: 'Currency Exchange' }).click();
    const rates = page.getByRole('dialog', { name: 'Currency Exchange' });
    await rates.getByLabel('USD per GBP').fill('1.27');
    await rates.getByLabel('EUR per GBP').fill('1.16');
    await rates.getByLabel('CAD per GBP').fill('1.75');
    await rates.getByLabel('AUD per GBP').fill('1.93');
    await rates.getByRole('button', { name: 'Save Rates' }).click();
    await expect.poll(() => page.getByTestId('rate-USD').innerText()).toBe('USD 1.27');
    expect(await page.getByTestId('rate-AUD').innerText()).toBe('AUD 1.93');
    const note = await page.getByTestId('rates-note').innerText();
    expect(note).toContain(`in force from ${ukDate(today)}`);
    expect(note).toContain('not live rates');
    expect(note).toMatch(/set by \S+ \S+ on \d{2}\/\d{2}\/\d{4}/);
    // The dialog lists what was set, and by whom, under the form.
    await page.getByRole('button', { name: 'Currency Exchange' }).click();
    await expect
      .poll(() => page.getByTestId('rates-history').innerText())
      .toContain(`From ${ukDate(today)}: USD 1.27, EUR 1.16, CAD 1.75, AUD 1.93. Set by`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // New Contract: renewal in 20 days.
    await page.getByRole('tab', { name: 'Contract Management' }).click();
    await expect.poll(() => page.getByText('No contracts yet.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'New Contract' }).click();
    const form = page.getByRole('dialog', { name: 'New Contract' });
    await form.getByLabel('Contract number').fill('CT-2026-014');
    await expect.poll(() => form.getByLabel('Client').locator('option').allInnerTexts()).toContain('Edith Green');
    await form.getByLabel('Client').selectOption({ label: 'Edith Green' });
    await form.getByLabel('Start date').fill(ukDate(addDays(today, -300)));
    await form.getByLabel('End date').fill(ukDate(addDays(today, 65)));
    await form.getByLabel('Renewal date').fill(ukDate(addDays(today, 20)));
    await form.getByLabel('Value (£)').fill('18500');
    await form.getByLabel('Services (one a line)').fill('Personal care\nMedication support');
    await form.getByRole('button', { name: 'Create Contract' }).click();
    const row = page.getByTestId('contract-CT-2026-014');
    await expect.poll(() => row.isVisible()).toBe(true);
    const text = await row.innerText();
    for (const expected of [
      'Edith Green',
      '£18,500.00',
      'Personal care, Medication support',
      'Renewal due in 20 days',
      'Active',
    ])
      expect(text).toContain(expected);
    await page.screenshot({ path: `${shots}/finance-contracts-1280.png`, fullPage: true });

    // View Contract: the PDF's text read back.
    const [contractPdf] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: 'View Contract CT-2026-014' }).click(),
    ]);
    const contractText = await pdfText(await bytesOf(contractPdf));
    for (const expected of ['Contract CT-2026-014', 'Edith Green', '£18,500.00', 'Medication support'])
      expect(contractText).toContain(expected);

    // Financial Reports: the summary in three currencies, then two reports as files.
    await page.getByRole('tab', { name: 'Financial Reports' }).click();
    await expect.poll(() => page.getByTestId('summary-revenue-usd').innerText()).toBe('US$0.00');
    expect(await page.getByTestId('summary-revenue-gbp').innerText()).toBe('£0.00');
    await page.screenshot({ path: `${shots}/finance-reports-1280.png`, fullPage: true });
    const register = page.getByTestId('report-contracts-register');
    await register.getByLabel('Format of Contracts register').selectOption('csv');
    const [registerCsv] = await Promise.all([
      page.waitForEvent('download'),
      register.getByRole('button', { name: 'Generate Contracts register' }).click(),
    ]);
    const csv = Buffer.from(await bytesOf(registerCsv)).toString('utf8');
    expect(csv).toContain('Number,Client,Start,End,Renewal,Value,Status,Services');
    expect(csv).toContain(
      `CT-2026-014,Edith Green,${ukDate(addDays(today, -300))},${ukDate(addDays(today, 65))},${ukDate(addDays(today, 20))},18500.00,Active,Personal care; Medication support`,
    );
    const summary = page.getByTestId('report-financial-summary');
    const [summaryPdf] = await Promise.all([
      page.waitForEvent('download'),
      summary.getByRole('button', { name: 'Generate Financial summary' }).click(),
    ]);
    const summaryText = await pdfText(await bytesOf(summaryPdf));
    for (const expected of ['Financial summary', '1 GBP = 1.27 USD, 1.16 EUR', 'Net profit (EUR)'])
      expect(summaryText).toContain(expected);

    // Export Data: the invoices of the year so far as CSV (none yet: the header alone).
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    expect(Buffer.from(await bytesOf(exported)).toString('utf8')).toContain(
      'Number,Issued,Due,Period start,Period end,Client,Funder,Total,Paid,Credited,Outstanding,Sent,Overdue',
    );

    // Renew: a year on; the renewal note goes.
    await page.getByRole('tab', { name: 'Contract Management' }).click();
    await row.getByRole('button', { name: 'Renew CT-2026-014' }).click();
    const renew = page.getByRole('dialog', { name: 'Renew CT-2026-014' });
    await renew.getByLabel('New end date').fill(ukDate(addDays(today, 430)));
    await renew.getByLabel('Next renewal date').fill(ukDate(addDays(today, 400)));
    await renew.getByRole('button', { name: 'Renew Contract' }).click();
    await expect.poll(() => row.innerText()).toContain(ukDate(addDays(today, 430)));
    expect(await row.innerText()).not.toContain('Renewal due');
    await page.close();
  });

  it('fits a phone', async () => {
    const phone = await env.signedInContext(PHONE);
    const page = await open(phone, '/finance');
    await expect.poll(() => page.getByTestId('rate-EUR').innerText()).toBe('EUR 1.16');
    await page.getByRole('tab', { name: 'Contract Management' }).click();
    await expect.poll(() => page.getByTestId('contract-CT-2026-014').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/finance-contracts-390.png`, fullPage: true });
    expect(await page.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('tab', { name: 'Financial Reports' }).click();
    await expect.poll(() => page.getByTestId('report-aged-debtors').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/finance-reports-390.png`, fullPage: true });
    expect(await page.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.close();
  });
});
