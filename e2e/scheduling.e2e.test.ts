import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { startE2eEnvironment, type E2eEnvironment, ukDate, ukDateTime } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
/** The visit is tomorrow: still ahead whatever the hour the test runs, so it stays scheduled. */
const visitDate = addDays(londonToday(), 1);
/** The visit's day as the rota names it, "Mon 23/11". */
const shiftDay = `${new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${visitDate}T12:00:00Z`))} ${visitDate.slice(8, 10)}/${visitDate.slice(5, 7)}`;

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

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_scheduling');
  admin = await env.signedInContext();
  await post(admin.request, '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia.hussain@example.org',
    employeeId: 'EMP-701',
    startDate: '2024-03-01',
  });
  const clientId = await post(admin.request, '/api/clients', {
    clientId: 'CL-0701',
    firstName: 'Edith',
    lastName: 'Greenwood',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Greenwood',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  await post(admin.request, '/api/appointments', {
    clientId,
    scheduledStart: londonTimeToInstant(visitDate, '10:00'),
    durationMinutes: 45,
    visitType: 'companionship',
  });
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}/scheduling`);
  await expect.poll(() => page.getByRole('heading', { name: 'Scheduling & Rotas' }).isVisible()).toBe(true);
  return page;
}

const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { message: text }).toBe(true);
/** "Monday 23 November", the heading of a day in the phone's list of the week. */
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
/** The weekly grid's cell of a day and an hour. */
const cell = (page: Page, date: string, hour: number) => page.locator(`td[data-date="${date}"][data-hour="${hour}"]`);

describe('Scheduling & Rotas in Chromium', () => {
  it('assigns a carer to an unassigned visit, plans a shift and exports the week', async () => {
    const page = await open(admin);
    for (const tab of ['Weekly View', 'Monthly View', 'Carer Roster', 'Visit Assignments']) {
      await expect.poll(() => page.getByRole('tab', { name: tab }).isVisible(), { message: tab }).toBe(true);
    }
    for (const label of ['Total Shifts', 'Confirmed', 'Pending', 'Unassigned Visits', 'Available Carers'])
      await visible(page, label);
    // Today Nadia has neither a shift nor a visit: she is available.
    await expect.poll(() => page.getByTestId('available-carers').textContent()).toBe('1');

    // The week of the visit: Monday first, 24 hourly rows.
    await page.getByLabel('Week of').fill(ukDate(visitDate));
    const grid = page.getByRole('table', { name: 'Weekly rota' });
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(24);
    expect(await grid.locator('thead th').nth(1).textContent()).toMatch(/^Mon /);
    const visitChip = cell(page, visitDate, 10).getByTestId('rota-visit');
    await expect.poll(() => visitChip.textContent()).toContain('Edith Greenwood');
    expect(await visitChip.textContent()).toContain('Unassigned');
    await expect.poll(() => page.getByTestId('unassigned-visits').textContent()).toBe('1');

    // Visit Assignments lists it; Assign Carer takes it off the list and into Nadia's rota.
    await page.getByRole('tab', { name: 'Visit Assignments' }).click();
    const listed = page.getByTestId('unassigned-visit').filter({ hasText: 'Edith Greenwood' });
    await expect.poll(() => listed.count()).toBe(1);
    await listed.getByRole('button', { name: 'Assign Carer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Carer' });
    await dialog.getByRole('button', { name: 'Assign Carer' }).click();
    await visible(page, 'Carer is required');
    await dialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain (EMP-701)' });
    await dialog.getByRole('button', { name: 'Assign Carer' }).click();
    await visible(page, 'Carer assigned successfully');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => listed.count()).toBe(0);
    await visible(page, 'No unassigned visits.');

    await page.getByRole('tab', { name: 'Weekly View' }).click();
    await expect.poll(() => visitChip.textContent()).toContain('Nadia Hussain');
    // No shift covers it yet: flagged.
    await expect.poll(() => visitChip.textContent()).toContain('Outside shift');
    await expect.poll(() => page.getByTestId('unassigned-visits').textContent()).toBe('0');

    // New Shift: the server's rules show under the fields; a valid shift appears in the grid and the cards.
    await page.getByRole('button', { name: 'New Shift' }).click();
    const shiftDialog = page.getByRole('dialog', { name: 'New Shift' });
    expect(await shiftDialog.getByLabel('Break (minutes)').inputValue()).toBe('30');
    expect(await shiftDialog.getByLabel('Start').inputValue()).toBe(ukDateTime(`${visitDate}T07:00`));
    await shiftDialog.getByLabel('End').fill(ukDateTime(`${visitDate}T06:00`));
    await shiftDialog.getByRole('button', { name: 'Create Shift' }).click();
    await visible(page, 'Carer is required');
    await visible(page, 'End time must be after the start time');
    await shiftDialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain (EMP-701)' });
    await shiftDialog.getByLabel('Shift type').selectOption('full_day');
    await shiftDialog.getByLabel('Start').fill(ukDateTime(`${visitDate}T09:00`));
    await shiftDialog.getByLabel('End').fill(ukDateTime(`${visitDate}T15:00`));
    await shiftDialog.getByLabel('Location').fill('North round');
    await shiftDialog.getByLabel('Status').selectOption('pending');
    await shiftDialog.getByRole('button', { name: 'Create Shift' }).click();
    await visible(page, 'Shift created successfully');
    const shiftChip = cell(page, visitDate, 9).getByTestId('rota-shift');
    await expect.poll(() => shiftChip.textContent()).toContain('09:00–15:00');
    expect(await shiftChip.textContent()).toContain('Nadia Hussain');
    expect(await shiftChip.textContent()).toContain('Full day · Pending · North round');
    await expect.poll(() => page.getByTestId('total-shifts').textContent()).toBe('1');
    expect(await page.getByTestId('pending-shifts').textContent()).toBe('1');
    expect(await page.getByTestId('confirmed-shifts').textContent()).toBe('0');
    // The shift now covers the visit's hour: shaded, and the visit is no longer flagged.
    await expect.poll(() => cell(page, visitDate, 10).getAttribute('class')).toContain('rota-cell-covered');
    await expect.poll(() => visitChip.textContent()).not.toContain('Outside shift');
    // A second shift for Nadia that overlaps the first is refused, and the form names the clash under Carer.
    await page.getByRole('button', { name: 'New Shift' }).click();
    const clashDialog = page.getByRole('dialog', { name: 'New Shift' });
    await clashDialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain (EMP-701)' });
    await clashDialog.getByLabel('Shift type').selectOption('afternoon');
    await clashDialog.getByLabel('Start').fill(ukDateTime(`${visitDate}T14:00`));
    await clashDialog.getByLabel('End').fill(ukDateTime(`${visitDate}T18:00`));
    await clashDialog.getByRole('button', { name: 'Create Shift' }).click();
    await expect
      .poll(() =>
        clashDialog
          .getByText(
            new RegExp(
              `^Carer already has a shift 09:00–15:00 on ${visitDate.split('-').reverse().join('/')} \\(shift `,
            ),
          )
          .isVisible(),
      )
      .toBe(true);
    await clashDialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('total-shifts').textContent()).toBe('1');
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/scheduling-1280.png`, fullPage: false });

    // Filter by visit type hides visits of other types; clearing it brings them back.
    await page.getByRole('button', { name: 'Filter' }).click();
    const filters = page.getByRole('group', { name: 'Filter the rota' });
    await filters.getByLabel('Visit type').selectOption('personal_care');
    await expect.poll(() => visitChip.count()).toBe(0);
    await filters.getByLabel('Visit type').selectOption('companionship');
    await filters.getByLabel('Carer').selectOption({ label: 'Nadia Hussain' });
    await expect.poll(() => visitChip.count()).toBe(1);
    await filters.getByRole('button', { name: 'Clear filters' }).click();

    // Carer Roster: Nadia's shift, 5.5 paid hours (six less the break), one visit and its 45 minutes of visit time.
    await page.getByRole('tab', { name: 'Carer Roster' }).click();
    const row = page.getByTestId('carer-roster').locator('tbody tr').filter({ hasText: 'Nadia Hussain' });
    await expect
      .poll(() => row.locator('td').allTextContents())
      .toEqual(['Nadia Hussain', expect.stringContaining('09:00–15:00'), '5.5 h', '1', '0.8 h']);

    // Monthly View: the day counts the visit and the shift.
    await page.getByRole('tab', { name: 'Monthly View' }).click();
    const day = page.locator(`button[data-date="${visitDate}"]`);
    await expect.poll(() => day.textContent()).toContain('1 visit');
    expect(await day.getAttribute('aria-label')).toMatch(/: 1 visit, 1 shift$/);

    // Export downloads the week's visits as a CSV file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Edith Greenwood');
    expect(csv).toContain('Nadia Hussain');

    // Cancel on the shift asks first, naming the shift; Keep Shift leaves it as it was.
    await page.getByRole('tab', { name: 'Weekly View' }).click();
    const cancelButton = shiftChip.getByRole('button', {
      name: `Cancel shift of Nadia Hussain, ${shiftDay} 09:00–15:00`,
    });
    expect(await cancelButton.textContent()).toBe('Cancel');
    await cancelButton.click();
    const confirm = page.getByRole('dialog', { name: 'Cancel Shift' });
    await visible(page, `Cancel the shift of Nadia Hussain, ${shiftDay} 09:00–15:00?`);
    await confirm.getByRole('button', { name: 'Keep Shift' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await page.getByTestId('total-shifts').textContent()).toBe('1');
    // Confirmed, the shift is cancelled and leaves the counts.
    await cancelButton.click();
    await confirm.getByRole('button', { name: 'Cancel Shift' }).click();
    await visible(page, 'Shift cancelled successfully');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.getByTestId('total-shifts').textContent()).toBe('0');
    await expect.poll(() => shiftChip.textContent()).toContain('Cancelled');
    await page.close();
  });

  it('is usable at 390 px: the cards, the week picker, and the week as a list of days', async () => {
    const mobile = await env.signedInContext({ width: 390, height: 844 });
    const page = await open(mobile);
    await page.getByLabel('Week of').fill(ukDate(visitDate));
    // No seven-column grid on a phone: one section per day, the date picked open with its visits and shifts.
    const day = page.locator(`section[data-date="${visitDate}"]`);
    const heading = day.getByRole('button', { name: new RegExp(`^${longDay(visitDate)}`) });
    await expect.poll(() => heading.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('table', { name: 'Weekly rota' }).count()).toBe(0);
    expect(await page.locator('section[data-date]').count()).toBe(7);
    const visitRow = day.getByTestId('rota-visit');
    await expect.poll(() => visitRow.textContent()).toContain('Edith Greenwood');
    expect(await visitRow.textContent()).toContain('Nadia Hussain');
    // The time range stays on one line (about 19 px high; broken in two it would be twice that).
    const time = visitRow.getByText('10:00–10:45', { exact: true });
    expect((await time.boundingBox())?.height).toBeLessThan(28);
    // The shift cancelled on the desktop is shown as such, with nothing left to cancel.
    const shiftRow = day.getByTestId('rota-shift');
    await expect.poll(() => shiftRow.textContent()).toContain('09:00–15:00');
    expect(await shiftRow.textContent()).toContain('Cancelled');
    expect(await shiftRow.getByRole('button').count()).toBe(0);
    // Today is marked; a day without shifts or visits says so once opened.
    const today = londonToday();
    if (await page.locator(`section[data-date="${today}"]`).count())
      expect(await page.locator(`section[data-date="${today}"] h2`).textContent()).toContain('Today');
    expect(await day.locator('h2').textContent()).not.toContain('Today');
    const other = page.locator('section[data-date]').filter({ hasNotText: 'Edith' }).first();
    await other.getByRole('button', { expanded: false }).click();
    await visible(page, 'No shifts.');
    await visible(page, 'No visits.');
    // The page itself does not scroll sideways.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    for (const button of ['Filter', 'New Shift'])
      expect(await page.getByRole('button', { name: button }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/scheduling-390.png`, fullPage: false });
    await day.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/scheduling-days-390.png`, fullPage: false });
    await page.getByRole('tab', { name: 'Monthly View' }).click();
    await expect.poll(() => page.locator(`button[data-date="${visitDate}"]`).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/scheduling-month-390.png`, fullPage: true });
    await mobile.close();
  });
});
