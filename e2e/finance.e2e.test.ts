import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { pdfText } from '@care/documents/testing';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';
import { accessibilityFindings } from './axe-scan';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const today = londonToday();
const yesterday = addDays(today, -1);
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

// The visit is typed in after the event: times entered by hand up to two days back.
process.env.MANUAL_TIME_MAX_HOURS_BACK = '48';

/** A council funds Edith's care (its rate is set on the screen below); one 60-minute visit of 10 miles was completed yesterday. */
beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_finance');
  admin = await env.signedInContext();
  const post = (pathname: string, data: Record<string, unknown>) => send(admin.request, 'POST', pathname, data);
  const carerId = await post('/api/carers', {
    firstName: 'Anna',
    lastName: 'Adams',
    email: 'anna@example.org',
    employeeId: 'EMP-2201',
    startDate: '2024-03-01',
  });
  const clientId = await post('/api/clients', {
    clientId: 'CL-2201',
    firstName: 'Edith',
    lastName: 'Green',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Green',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  const funderId = await post('/api/finance/funders', {
    name: 'Leeds City Council',
    kind: 'local_authority',
    paymentTermsDays: 30,
    invoiceEmail: 'invoices@leeds.example.org',
  });
  await send(admin.request, 'PUT', `/api/finance/clients/${clientId}/funding`, {
    effectiveFrom: '2024-01-01',
    shares: [{ funderId, percent: 100 }],
  });
  const visit = await post('/api/appointments', {
    clientId,
    carerId,
    scheduledStart: londonTimeToInstant(yesterday, '09:00'),
    durationMinutes: 60,
    visitType: 'personal_care',
    tasks: ['Wash'],
  });
  const manual = { source: 'Manual', manualInputReason: 'No signal in the flats' };
  await post(`/api/appointments/${visit}/check-in`, {
    ...manual,
    checkedInAt: londonTimeToInstant(yesterday, '09:00'),
  });
  await post(`/api/appointments/${visit}/check-out`, {
    ...manual,
    checkedOutAt: londonTimeToInstant(yesterday, '10:00'),
    tasksCompleted: ['Wash'],
    medicationGiven: false,
    notes: 'All well',
    mileage: 10,
  });
}, 240_000);
afterAll(async () => env?.stop());

/** The .eml the product wrote for a subject, parsed, once the outbox has delivered it. */
async function writtenMail(subjectStart: string): Promise<{ to: string; attachments: { content: Buffer }[] }> {
  const folder = path.join(env.dataDir, 'mail');
  const find = async () => {
    for (const file of existsSync(folder) ? await readdir(folder) : []) {
      const parsed = await simpleParser(await readFile(path.join(folder, file)));
      if (parsed.subject?.startsWith(subjectStart))
        return { to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '', attachments: parsed.attachments };
    }
    return undefined;
  };
  await expect.poll(async () => (await find()) !== undefined, { timeout: 30_000 }).toBe(true);
  return (await find())!;
}

async function open(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${pathname}`);
  return page;
}

const weekend = [0, 6].includes(new Date(`${yesterday}T12:00:00Z`).getUTCDay());
// The hour at the day's rate, and 10 miles at 40p.
const expectedTotal = weekend ? '£32.00' : '£28.00';

describe('Financial Management in Chromium', () => {
  it('creates the invoice from the completed visit, downloads it as PDF, sends it and records a payment', async () => {
    const page = await open(admin, '/finance');
    await expect.poll(() => page.getByRole('heading', { name: 'Financial Management' }).isVisible()).toBe(true);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Overview',
      'Invoicing & Billing',
      'Payroll Management',
      'Contract Management',
      'Financial Reports',
    ]);
    await page.getByRole('tab', { name: 'Invoicing & Billing' }).click();
    // The admin sets the council's rate: £24.00 an hour on weekdays, £28.00 at weekends, from a month ago.
    await expect.poll(() => page.getByTestId('finance-funders').innerText()).toContain('Leeds City Council');
    await page.getByLabel('Rate from').fill(ukDate(addDays(today, -30)));
    await page.getByLabel('Weekday £/hour').fill('24.00');
    await page.getByLabel('Weekend £/hour').fill('28.00');
    await page.getByLabel('Bank holiday £/hour').fill('36.00');
    await page.getByLabel('Mileage £/mile').fill('0.40');
    await page.getByRole('button', { name: 'Set Rate' }).click();
    await expect
      .poll(() => page.getByTestId('finance-funders').innerText())
      .toContain('Weekday £24.00/h, weekend £28.00/h, bank holiday £36.00/h');
    expect(await page.getByTestId('finance-funders').innerText()).toContain(
      'Minimum £0.00 a visit, time worked up to the next 15 minutes, mileage £0.40 a mile',
    );
    await page.getByLabel('Period start').fill(ukDate(yesterday));
    await page.getByLabel('Period end').fill(ukDate(yesterday));
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const number = `INV-${today.slice(0, 4)}-1`;
    const row = page.getByTestId(`invoice-${number}`);
    await expect.poll(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await row.innerText()).toContain('Edith Green');
    expect(await row.innerText()).toContain(expectedTotal);
    expect(await row.innerText()).toContain('Pending');

    // Download: the PDF's text read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${number}` }).click(),
    ]);
    const pdf = await (await download.createReadStream()).toArray();
    const text = await pdfText(new Uint8Array(Buffer.concat(pdf as Buffer[])));
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain('Leeds City Council');
    expect(text).toContain('Edith Green');
    expect(text).toContain(expectedTotal);
    expect(text).toContain('10.0 miles at 40p a mile');

    // Edit while draft: the council's purchase order and a key safe fitted, added by hand.
    await row.getByRole('button', { name: `Edit ${number}` }).click();
    const draft = page.getByRole('form', { name: `Edit ${number}` });
    await draft.getByLabel('Purchase order').fill('PO-7781');
    await draft.getByRole('button', { name: 'Add charge' }).click();
    await draft.getByLabel('Charge 1 description').fill('Key safe fitted');
    await draft.getByLabel('Charge 1 amount £').fill('25.00');
    await expect.poll(() => draft.getByTestId('draft-total').textContent()).toBe(weekend ? '£57.00' : '£53.00');
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/finance-edit-draft-1280.png`, fullPage: true });
    await draft.getByRole('button', { name: 'Save Draft' }).click();
    await expect.poll(() => row.innerText()).toContain(weekend ? '£57.00' : '£53.00');
    const [edited] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: `Download ${number}` }).click(),
    ]);
    const editedText = await pdfText(
      new Uint8Array(Buffer.concat((await (await edited.createReadStream()).toArray()) as Buffer[])),
    );
    expect(editedText).toContain('PO-7781');
    expect(editedText).toContain('Key safe fitted');
    // Taken back out before sending: the invoice charges the visit and its mileage only.
    await row.getByRole('button', { name: `Edit ${number}` }).click();
    await draft.getByRole('button', { name: 'Remove charge 1' }).click();
    await draft.getByRole('button', { name: 'Save Draft' }).click();
    await expect.poll(() => row.innerText()).toContain(expectedTotal);

    await row.getByRole('button', { name: `Send ${number}` }).click();
    await expect.poll(() => row.innerText()).toContain('Processing');
    await expect
      .poll(() => page.getByText('Emailed to invoices@leeds.example.org, with its PDF.').isVisible())
      .toBe(true);
    // The council's mail, as the rules process wrote it (no SMTP here): the invoice's PDF attached, read back.
    const mail = await writtenMail(`Invoice ${number} from`);
    expect(mail.to).toBe('invoices@leeds.example.org');
    const attached = await pdfText(new Uint8Array(mail.attachments[0]!.content));
    expect(attached).toContain(`Invoice ${number}`);
    expect(attached).toContain(expectedTotal);
    // Sent: no longer a draft, so no longer editable.
    expect(await row.getByRole('button', { name: `Edit ${number}` }).count()).toBe(0);

    await row.getByRole('button', { name: `View ${number}` }).click();
    await expect.poll(() => page.getByRole('table', { name: `Service lines of ${number}` }).isVisible()).toBe(true);
    const mileageLine = page
      .getByRole('table', { name: `Service lines of ${number}` })
      .getByRole('row', { name: /Mileage/ });
    expect(await mileageLine.innerText()).toMatch(/10\.0 miles at 40p a mile\s+–\s+–\s+£4\.00/);
    await page.getByLabel('Payment amount (£)').fill('10.00');
    await page.getByRole('button', { name: 'Record Payment' }).click();
    await expect.poll(() => row.innerText()).toContain(weekend ? '£22.00' : '£18.00');
    // A correction: a credit note of £4.00 with its reason.
    await page.getByLabel('Credit note amount (£)').fill('4.00');
    await page.getByLabel('Reason').fill('Visit was 50 minutes, not 60');
    await page.getByRole('button', { name: 'Issue Credit Note' }).click();
    await expect.poll(() => row.innerText()).toContain(weekend ? '£18.00' : '£14.00');
    await expect.poll(() => page.getByText('credited £4.00').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/finance-invoicing-1280.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect
      .poll(() => page.getByTestId('finance-total-revenue').textContent())
      .toBe(weekend ? '£28.00' : '£24.00');
    await expect.poll(() => page.getByTestId('finance-outstanding').innerText()).toContain(number);
    await page.screenshot({ path: `${shots}/finance-overview-1280.png`, fullPage: true });
    await page.close();
  });

  it('keeps the bank holidays: an administrator adds a one-off day and removes it with the reason', async () => {
    const page = await open(admin, '/finance');
    await page.getByRole('tab', { name: 'Invoicing & Billing' }).click();
    const nextYear = Number(today.slice(0, 4)) + 1;
    await page.getByLabel('Year').selectOption(String(nextYear));
    const table = page.getByTestId('bank-holidays');
    await expect.poll(() => table.innerText()).toContain(`01/01/${nextYear}`);
    await page.getByLabel('Bank holiday date').fill(`07/06/${nextYear}`);
    await page.getByLabel('Holiday name').fill('Coronation bank holiday');
    await page.getByRole('button', { name: 'Add Bank Holiday' }).click();
    const added = table.getByRole('row').filter({ hasText: 'Coronation bank holiday' });
    await expect.poll(() => added.innerText()).toContain('Added by the agency');
    expect(await added.innerText()).toContain(`07/06/${nextYear}`);
    expect(await accessibilityFindings(page)).toBe('');

    await added.getByRole('button', { name: /^Remove Coronation bank holiday/ }).click();
    await added.getByLabel('Why it is not a bank holiday').fill('Announced in error');
    await added.getByRole('button', { name: 'Confirm removal' }).click();
    await expect.poll(() => table.getByText('Coronation bank holiday').count()).toBe(0);
    await page.close();
  });

  it('sets who pays for a new client: a split between the council and the NHS, found among the clients without funding', async () => {
    const post = (pathname: string, data: Record<string, unknown>) => send(admin.request, 'POST', pathname, data);
    await post('/api/finance/funders', { name: 'West Yorkshire ICB', kind: 'nhs_chc', paymentTermsDays: 45 });
    await post('/api/clients', {
      clientId: 'CL-2202',
      firstName: 'Mabel',
      lastName: 'Shaw',
      dateOfBirth: '1941-02-02',
      address: '9 Kirk Road, Leeds',
      emergencyContact: 'Tom Shaw',
      emergencyPhone: '07700 900456',
      careLevel: 'high',
    });
    const page = await open(admin, '/finance');
    await page.getByRole('tab', { name: 'Invoicing & Billing' }).click();
    await page.getByLabel('Only clients without funding').check();
    const list = page.getByTestId('client-funding');
    const mabel = list.getByRole('listitem').filter({ hasText: 'Mabel Shaw' });
    await expect.poll(() => mabel.innerText()).toContain('No funding set: visits cannot be invoiced');
    expect(await list.getByText('Edith Green').count()).toBe(0);

    await mabel.getByRole('button', { name: 'Set funding for Mabel Shaw' }).click();
    const form = page.getByRole('form', { name: 'Funding for Mabel Shaw' });
    await form.getByLabel('Funding from').fill(ukDate(today));
    await form.getByLabel('Share (%)').fill('60');
    await form.getByRole('button', { name: 'Split with another funder' }).click();
    await form.getByLabel('Funder 2').selectOption({ label: 'West Yorkshire ICB' });
    await form.getByLabel('Share (%)').nth(1).fill('30');
    await form.getByRole('button', { name: 'Save Funding' }).click();
    await expect
      .poll(() => form.getByRole('alert').innerText())
      .toBe('The shares add up to 90%: they must add up to 100%');
    await form.getByLabel('Share (%)').nth(1).fill('40');
    await expect.poll(() => accessibilityFindings(page)).toBe('');
    await form.getByRole('button', { name: 'Save Funding' }).click();

    // Funded now: no longer among those without funding; with everyone, the split shows.
    await expect.poll(() => list.getByText('Mabel Shaw').count()).toBe(0);
    await page.getByLabel('Only clients without funding').uncheck();
    await expect
      .poll(() => mabel.innerText())
      .toContain(`Leeds City Council 60%, West Yorkshire ICB 40% from ${ukDate(today)}`);
    await page.getByLabel('Search clients').fill('edith');
    await expect
      .poll(() => list.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining('Edith Green')]);

    // The council agreed a package rate for Mabel: her visits are charged at it, everyone else's at the council's.
    await page.getByLabel('Funder', { exact: true }).selectOption({ label: 'Leeds City Council' });
    await page.getByLabel('For', { exact: true }).selectOption({ label: 'Mabel Shaw (agreed rate)' });
    await page.getByLabel('Rate from').fill(ukDate(today));
    await page.getByLabel('Weekday £/hour').fill('30.00');
    await page.getByLabel('Weekend £/hour').fill('33.00');
    await page.getByLabel('Bank holiday £/hour').fill('45.00');
    await page.getByRole('button', { name: 'Set Rate' }).click();
    const council = page.getByTestId('finance-funders').getByRole('listitem').filter({ hasText: 'Leeds City Council' });
    await expect
      .poll(() => council.getByTestId('client-rate').allInnerTexts())
      .toEqual([
        `Agreed for Mabel Shaw: weekday £30.00/h, weekend £33.00/h, bank holiday £45.00/h, from ${ukDate(today)}`,
      ]);
    // The council's own rate is still the one its other clients pay.
    expect(await council.innerText()).toContain('Weekday £24.00/h, weekend £28.00/h, bank holiday £36.00/h');
    await page.close();
  });

  it('fits a phone', async () => {
    const phone = await env.signedInContext(PHONE);
    const page = await open(phone, '/finance');
    // Revenue this month: the invoice less the credit note.
    await expect
      .poll(() => page.getByTestId('finance-total-revenue').textContent())
      .toBe(weekend ? '£28.00' : '£24.00');
    await page.screenshot({ path: `${shots}/finance-overview-390.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Invoicing & Billing' }).click();
    await expect.poll(() => page.getByTestId(`invoice-INV-${today.slice(0, 4)}-1`).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/finance-invoicing-390.png`, fullPage: true });
    expect(await page.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.close();
  });
});
