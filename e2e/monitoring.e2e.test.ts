import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const today = londonToday();
const yesterday = addDays(today, -1);
/** Nadia's 28 visits to Edith: five a day over the last five days, three the day before. */
const NADIA_VISITS = 28;
/** Tom's three medication visits to Walter, all yesterday; the first one completed, late and recorded by hand. */
const TOM_VISITS = 3;
const ALL = NADIA_VISITS + TOM_VISITS;
let tomId: string;

/** A command through the API as the admin; answers the created id. */
async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

const client = (clientRef: string, firstName: string, lastName: string) => ({
  clientId: clientRef,
  firstName,
  lastName,
  dateOfBirth: '1938-05-14',
  address: '4 Mill Lane, Leeds LS6 2AB',
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
});

// Yesterday's records are typed in today, times entered by hand further back than the default 12 hours: this
// product (its own processes, started with this file's environment) allows two days.
process.env.MANUAL_TIME_MAX_HOURS_BACK = '48';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_monitoring');
  admin = await env.signedInContext();
  const carer = (firstName: string, lastName: string, employeeId: string) =>
    post(admin.request, '/api/carers', {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.org`,
      employeeId,
      startDate: '2024-03-01',
    });
  const nadiaId = await carer('Nadia', 'Hussain', 'EMP-901');
  tomId = await carer('Tom', 'Rigby', 'EMP-902');
  const edith = await post(admin.request, '/api/clients', client('CL-0901', 'Edith', 'Green'));
  const walter = await post(admin.request, '/api/clients', client('CL-0902', 'Walter', 'Pemberton'));
  for (let index = 0; index < NADIA_VISITS; index += 1) {
    const day = addDays(today, -1 - Math.floor(index / 5));
    await post(admin.request, '/api/appointments', {
      clientId: edith,
      carerId: nadiaId,
      scheduledStart: londonTimeToInstant(day, `${String(7 + 2 * (index % 5)).padStart(2, '0')}:00`),
      durationMinutes: 45,
      visitType: 'personal_care',
      tasks: ['Wash', 'Dress', 'Breakfast', 'Prompt medication'],
    });
  }
  const tomVisits: string[] = [];
  for (const time of ['10:00', '12:00', '14:00']) {
    tomVisits.push(
      await post(admin.request, '/api/appointments', {
        clientId: walter,
        carerId: tomId,
        scheduledStart: londonTimeToInstant(yesterday, time),
        durationMinutes: 30,
        visitType: 'medication',
        tasks: ['Evening tablets'],
      }),
    );
  }
  const manual = { source: 'Manual', manualInputReason: 'No signal in the flats' };
  await post(admin.request, `/api/appointments/${tomVisits[0]}/check-in`, {
    ...manual,
    checkedInAt: londonTimeToInstant(yesterday, '10:20'),
    lateReason: 'Previous visit overran',
  });
  await post(admin.request, `/api/appointments/${tomVisits[0]}/check-out`, {
    ...manual,
    checkedOutAt: londonTimeToInstant(yesterday, '10:50'),
    tasksCompleted: ['Evening tablets'],
    medicationGiven: true,
    notes: 'Took all tablets with water',
  });
  // A diary note two days ago: inside the default seven days, outside "yesterday".
  await post(admin.request, '/api/diary', {
    clientId: walter,
    carerId: tomId,
    entryDate: londonTimeToInstant(addDays(today, -2), '09:30'),
    title: 'Walter asked about his hearing aid',
    content: 'Battery replaced; he can hear the radio again.',
  });
}, 240_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const title = (page: Page, entries: number) =>
  expect
    .poll(() => page.getByRole('heading', { name: `Care Records (${entries} entries)` }).isVisible(), {
      message: `${entries} entries`,
    })
    .toBe(true);
const rows = (page: Page) => page.getByTestId('monitoring-row');
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();

describe('Care Monitoring in Chromium', () => {
  it('filters, sorts and pages on the server, shows the empty state, and exports the rows as CSV', async () => {
    const page = await open(admin, '/monitoring');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/monitoring')) asked.push(decodeURIComponent(request.url()));
    });
    await expect.poll(() => page.getByRole('heading', { name: 'Care Monitoring & Management' }).isVisible()).toBe(true);
    await title(page, ALL);
    await expect.poll(() => rows(page).count()).toBe(25);
    expect(await page.getByTestId('monitoring-range').textContent()).toBe(`1 - 25 of ${ALL}`);
    // Every column of the monitoring table, in order.
    expect(await page.locator('.monitoring-table thead th').allInnerTexts()).toEqual(
      [
        'Date',
        'Planned Time',
        'Actual Time',
        'Client',
        'Carer',
        'Punctuality',
        'Duration',
        'Tasks',
        'Medication',
        'Provider',
        'Manual Input Reason',
        'Source',
        'Status',
        'Notes',
        'Actions',
      ].map((name) => name.toUpperCase()),
    );
    // Two task badges and "+2 more".
    await expect.poll(() => rows(page).first().getByText('+2 more', { exact: true }).isVisible()).toBe(true);
    // Fifteen columns are wider than the card: the table scrolls inside it, and each row's View button (the last
    // column) stays whole at the card's right edge rather than being cut off with the columns beyond it.
    const wrap = page.locator('.monitoring-table-wrap');
    expect(await wrap.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    const wrapBox = (await wrap.boundingBox())!;
    const viewBox = (await rows(page)
      .first()
      .getByRole('button', { name: /^View visit record/ })
      .boundingBox())!;
    expect(viewBox.x).toBeGreaterThanOrEqual(wrapBox.x);
    expect(viewBox.x + viewBox.width).toBeLessThanOrEqual(wrapBox.x + wrapBox.width);
    await page.screenshot({ path: `${shots}/monitoring-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows(page).count()).toBe(ALL - 25);
    expect(await page.getByTestId('monitoring-range').textContent()).toBe(`26 - ${ALL} of ${ALL}`);
    expect(asked.at(-1)).toContain('offset=25');
    await expect.poll(() => page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => rows(page).count()).toBe(25);

    // The filters go to the server, which answers the narrowed count.
    await page.getByLabel('Carer', { exact: true }).selectOption({ label: 'Tom Rigby' });
    await title(page, TOM_VISITS);
    expect(asked.at(-1)).toContain(`carerId=${tomId}`);
    await page.getByLabel('Status', { exact: true }).selectOption('completed');
    await title(page, 1);
    const completed = rows(page).first();
    for (const text of [
      'Walter Pemberton',
      'Tom Rigby',
      'Late',
      '10:20–10:50',
      'time entered by hand',
      'Yes',
      'Medication',
      'No signal in the flats',
      'Manual',
      'Completed',
      'Took all tablets with water',
    ]) {
      await expect.poll(() => completed.getByText(text, { exact: true }).isVisible(), { message: text }).toBe(true);
    }
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Carer', { exact: true }).selectOption('');
    await page.getByLabel('Care provided').selectOption('medication');
    await title(page, TOM_VISITS);
    expect(asked.at(-1)).toContain('careType=medication');
    await page.getByLabel('Care provided').selectOption('');
    await page.getByLabel('Search records').fill('edith');
    await title(page, NADIA_VISITS);
    expect(asked.at(-1)).toContain('search=edith');
    await page.getByLabel('Search records').fill('');
    await title(page, ALL);

    // Sorting by client, on the server: ascending, then descending.
    await page.getByRole('button', { name: 'Client' }).click();
    await expect.poll(() => asked.at(-1)).toContain('sort=client&direction=asc');
    await expect.poll(() => rows(page).first().getByText('Edith Green', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Client' }).click();
    await expect.poll(() => asked.at(-1)).toContain('sort=client&direction=desc');
    await expect.poll(() => rows(page).first().getByText('Walter Pemberton', { exact: true }).isVisible()).toBe(true);

    // A custom range: yesterday alone holds Nadia's five visits and Tom's three.
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(ukDate(yesterday));
    await page.getByLabel('To', { exact: true }).fill(ukDate(yesterday));
    await title(page, 5 + TOM_VISITS);

    // Nothing today: the empty state, word for word.
    await page.getByLabel('Date range').selectOption('today');
    await expect.poll(() => page.getByText('No monitoring records found', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Records will appear here once care visits are logged', { exact: true }).isVisible())
      .toBe(true);
    await title(page, 0);

    // Export Data: a real CSV of every row matching the filters (not only the page on screen).
    await page.getByLabel('Date range').selectOption('7d');
    await page.getByLabel('Carer', { exact: true }).selectOption({ label: 'Tom Rigby' });
    await title(page, TOM_VISITS);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Data' }).click(),
    ]);
    await expect.poll(() => toast(page, 'Export Complete').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('Care Records report has been generated and downloaded.').isVisible())
      .toBe(true);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(csv).toHaveLength(1 + TOM_VISITS);
    expect(csv.slice(1).every((line) => line.includes('Walter Pemberton') && line.includes('Tom Rigby'))).toBe(true);
    expect(csv.join('\n')).toContain('No signal in the flats');

    // Actions: the visit record with its history.
    await page.getByLabel('Status', { exact: true }).selectOption('completed');
    await title(page, 1);
    await rows(page)
      .first()
      .getByRole('button', { name: /^View visit record/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Visit Record' });
    for (const text of [
      'History',
      'Appointment Scheduled',
      'Visit Checked In',
      'Visit Checked Out',
      'Previous visit overran',
    ]) {
      await expect.poll(() => dialog.getByText(text).first().isVisible(), { message: text }).toBe(true);
    }
    await page.screenshot({ path: `${shots}/monitoring-record-1280.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A phone: each record is a card of labelled values; nothing makes the page scroll sideways.
    const phone = await env.signedInContext({ width: 390, height: 844 });
    const small = await open(phone, '/monitoring');
    await title(small, ALL);
    await small.getByLabel('Status', { exact: true }).selectOption('completed');
    await title(small, 1);
    expect(await small.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await rows(small).first().locator('td[data-label="Manual Input Reason"]').innerText()).toBe(
      'No signal in the flats',
    );
    await small.getByLabel('Status', { exact: true }).selectOption('');
    await title(small, ALL);
    await rows(small).first().scrollIntoViewIfNeeded();
    await small.screenshot({ path: `${shots}/monitoring-390.png` });
    await phone.close();
  });

  it('Manage Care Operations shows the live figures of the period in its five tabs', async () => {
    const page = await open(admin, '/manage');
    await expect.poll(() => page.getByRole('heading', { name: 'Manage Care Operations' }).isVisible()).toBe(true);
    const tabs = page.getByRole('tablist', { name: 'Care operations' });
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([
      'Weekly Overview',
      'Visits by Carer',
      'Visits by Client',
      'Call & Care Monitoring',
      'Diary',
    ]);
    await expect.poll(() => page.getByTestId('manage-appointments').textContent()).toBe(String(ALL));
    await expect.poll(() => page.getByTestId('manage-completed').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('manage-carers').textContent()).toBe('2 active of 2');
    await expect.poll(() => page.getByTestId('manage-clients').textContent()).toBe('2 active of 2');
    await page.screenshot({ path: `${shots}/manage-1280.png`, fullPage: true });
    // Every filter of the bar applies to every figure of the overview: Tom's visits, and Tom alone.
    await page.getByLabel('Carer', { exact: true }).selectOption({ label: 'Tom Rigby' });
    await expect.poll(() => page.getByTestId('manage-appointments').textContent()).toBe(String(TOM_VISITS));
    await expect.poll(() => page.getByTestId('manage-carers').textContent()).toBe('1 active of 1');
    await page.getByLabel('Status', { exact: true }).selectOption('completed');
    await expect.poll(() => page.getByTestId('manage-appointments').textContent()).toBe('1');
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Carer', { exact: true }).selectOption('');
    await expect.poll(() => page.getByTestId('manage-appointments').textContent()).toBe(String(ALL));

    await tabs.getByRole('tab', { name: 'Visits by Carer' }).click();
    const nadia = page.getByRole('article', { name: 'Nadia Hussain' });
    await expect
      .poll(() => nadia.getByTestId('roster-visit-count').textContent())
      .toBe(`${NADIA_VISITS} visits in this period`);
    await expect
      .poll(() => page.getByRole('article', { name: 'Tom Rigby' }).getByTestId('roster-visit-count').textContent())
      .toBe(`${TOM_VISITS} visits in this period`);
    // The shared bar narrows the period: yesterday only.
    await page.getByLabel('Date range').selectOption('yesterday');
    await expect.poll(() => nadia.getByTestId('roster-visit-count').textContent()).toBe('5 visits in this period');

    await tabs.getByRole('tab', { name: 'Visits by Client' }).click();
    await expect
      .poll(() =>
        page.getByRole('article', { name: 'Walter Pemberton' }).getByTestId('roster-visit-count').textContent(),
      )
      .toBe(`${TOM_VISITS} visits in this period`);

    await tabs.getByRole('tab', { name: 'Call & Care Monitoring' }).click();
    await title(page, 5 + TOM_VISITS);
    await tabs.getByRole('tab', { name: 'Diary' }).click();
    await expect.poll(() => page.getByText('No diary entries found.', { exact: true }).isVisible()).toBe(true);
    // The seven days again: the read API answers the period's note, counted.
    await page.getByLabel('Date range').selectOption('7d');
    await expect
      .poll(() => page.getByTestId('manage-diary-entry').allInnerTexts())
      .toEqual([expect.stringContaining('Walter asked about his hearing aid')]);
    expect(await page.getByTestId('load-more').innerText()).toBe('Showing 1 of 1');

    const phone = await env.signedInContext({ width: 390, height: 844 });
    const small = await open(phone, '/manage');
    await expect.poll(() => small.getByTestId('manage-appointments').textContent()).toBe(String(ALL));
    expect(await small.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(390);
    await small.screenshot({ path: `${shots}/manage-390.png`, fullPage: true });
    await phone.close();
  });
});
