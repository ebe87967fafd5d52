import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

/**
 * Leave in Chromium on the real product: a carer asks for leave on a phone, the coordinator approves it over one of
 * her visits (the visit shown first, then unassigned), and the leave shows on the rota and the carers screen; the
 * screens reload by themselves when leave changes; /leave and its dialogs pass axe at both widths and contrasts.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'leave e2e password 1';
const carer = { email: 'nadia.hussain@example.org', firstName: 'Nadia', lastName: 'Hussain' };
const coordinator = { email: 'omar.reid@example.org', firstName: 'Omar', lastName: 'Reid' };
/** The leave: a few days ahead, so the visit on its first day is still to come whenever the test runs. */
const leaveFrom = addDays(londonToday(), 3);
const leaveTo = addDays(leaveFrom, 1);
/** A later week, for leave decided while the rota is open. */
const laterDay = addDays(londonToday(), 17);
let carerId = '';

async function send(request: APIRequestContext, path: string, data: object, headers = {}): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url, ...headers },
  });
  const text = await reply.text();
  expect(reply.status(), text).toBeLessThan(300);
  return text === '' ? '' : ((JSON.parse(text) as { id?: string }).id ?? '');
}

const signIn = (viewport: { width: number; height: number }, who: { email: string }) =>
  env.signedInContext(viewport, { email: who.email, password: PASSWORD });

async function openLeave(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}/leave`);
  await expect.poll(() => page.getByRole('heading', { name: 'Leave', exact: true }).isVisible()).toBe(true);
  return page;
}

const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { message: text }).toBe(true);
const items = (page: Page) => page.getByTestId('leave-item');
/** Whether the element is what a user sees at its own middle: on screen, and not scrolled away or covered. */
const uncovered = (locator: Locator) =>
  locator.evaluate((element) => {
    // The page's document, typed here: the end-to-end tests are compiled without the browser's types.
    type InPage = { document: { elementFromPoint(x: number, y: number): Parameters<typeof element.contains>[0] } };
    const box = element.getBoundingClientRect();
    const hit = (globalThis as unknown as InPage).document.elementFromPoint(
      box.x + box.width / 2,
      box.y + box.height / 2,
    );
    return element.contains(hit);
  });
const statusFilter = (page: Page) => page.getByRole('search', { name: 'Leave filters' }).getByLabel('Status');

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_leave');
  admin = await env.signedInContext(DESKTOP);
  const userId = await send(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  await send(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  carerId = await send(admin.request, '/api/carers', {
    ...carer,
    userId,
    employeeId: 'EMP-5101',
    startDate: '2024-03-01',
  });
  const clientId = await send(admin.request, '/api/clients', {
    clientId: 'CL-5101',
    firstName: 'Edith',
    lastName: 'Greenwood',
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Greenwood',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
  });
  await send(admin.request, '/api/appointments', {
    clientId,
    carerId,
    scheduledStart: londonTimeToInstant(leaveFrom, '10:00'),
    durationMinutes: 45,
    visitType: 'companionship',
  });
}, 180_000);
afterAll(async () => env?.stop());

describe('Leave in Chromium', () => {
  it('lets a carer request leave on a phone, with the API’s own messages first, and offers her no Approve', async () => {
    const context = await signIn(PHONE, carer);
    const page = await openLeave(context);
    await visible(page, 'No leave requested yet.');
    await page.getByRole('button', { name: 'Request Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Leave' });
    // A carer asks for herself: no carer to pick.
    expect(await dialog.getByLabel('Carer').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Request Leave' }).click();
    await visible(page, 'First day is required');
    await page.screenshot({ path: `${shots}/leave-request-390.png` });
    await visible(page, 'Last day is required');
    await dialog.getByLabel('First day').fill(ukDate(leaveTo));
    await dialog.getByLabel('Last day').fill(ukDate(leaveFrom));
    await dialog.getByRole('button', { name: 'Request Leave' }).click();
    await visible(page, 'The last day of leave cannot be before the first');
    await dialog.getByLabel('First day').fill(ukDate(leaveFrom));
    await dialog.getByLabel('Last day').fill(ukDate(leaveTo));
    await dialog.getByLabel('Kind of leave').selectOption({ label: 'Annual leave' });
    await dialog.getByLabel('Note').fill('Family wedding in Bradford');
    await dialog.getByRole('button', { name: 'Request Leave' }).click();
    await visible(page, 'Leave requested');
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expect.poll(() => items(page).count()).toBe(1);
    const item = items(page).first();
    await expect.poll(() => item.textContent()).toContain('Pending');
    const text = await item.textContent();
    expect(text).toContain(`Annual leave · ${ukDate(leaveFrom)} to ${ukDate(leaveTo)}`);
    expect(text).toContain('Asked byYou on');
    expect(text).toContain('Family wedding in Bradford');
    // Her own waiting request: she may withdraw it, never approve it.
    expect(await item.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect(await item.getByRole('button', { name: /^Withdraw/ }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/leave-390.png`, fullPage: true });
    await context.close();
  }, 60_000);

  it('shows the coordinator the visits an approval takes off the carer, then approves and unassigns them; the rota and the carers screen show the leave', async () => {
    const context = await signIn(DESKTOP, coordinator);
    const page = await openLeave(context);
    // The office opens on what waits for a decision.
    expect(await statusFilter(page).inputValue()).toBe('requested');
    await expect.poll(() => items(page).count()).toBe(1);
    const item = items(page).first();
    expect(await item.textContent()).toContain('Nadia Hussain');
    await expect.poll(() => item.textContent()).toContain('Asked byNadia Hussain on');
    await page.screenshot({ path: `${shots}/leave-1280.png`, fullPage: true });

    await item.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Leave' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    // Refused over her visit: it is listed first, with the words that it will be unassigned.
    const visit = dialog.getByTestId('leave-visit');
    await expect.poll(() => visit.count()).toBe(1);
    expect(await visit.textContent()).toBe(`${ukDate(leaveFrom)} 10:00–10:45 Edith Greenwood`);
    expect(await dialog.textContent()).toContain('It will be unassigned');
    await page.screenshot({ path: `${shots}/leave-approve-visits-1280.png` });
    await dialog.getByRole('button', { name: 'Approve and unassign 1 visit' }).click();
    await visible(page, 'Leave approved');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await visible(page, 'No pending leave.');
    await statusFilter(page).selectOption({ label: 'Approved' });
    await expect.poll(() => items(page).count()).toBe(1);
    await expect.poll(() => items(page).first().textContent()).toContain('Visits unassigned1');

    // The rota: a chip on each day of her leave, and the visit unassigned.
    await page.goto(`${env.product.url}/scheduling`);
    await page.getByLabel('Week of').fill(ukDate(leaveFrom));
    const grid = page.getByRole('table', { name: 'Weekly rota' });
    const chipOn = (date: string) => grid.locator(`thead td[data-date="${date}"]`).getByTestId('rota-leave');
    await expect.poll(() => chipOn(leaveFrom).textContent()).toBe('Annual leaveNadia Hussain');
    expect(await chipOn(leaveTo).textContent()).toBe('Annual leaveNadia Hussain');
    expect(await chipOn(addDays(leaveTo, 1)).count()).toBe(0);
    const visitChip = grid.locator(`td[data-date="${leaveFrom}"][data-hour="10"]`).getByTestId('rota-visit');
    await expect.poll(() => visitChip.textContent()).toContain('Unassigned');
    await page.getByRole('tab', { name: 'Monthly View' }).click();
    const day = page.locator(`.rota-month-day[data-date="${leaveFrom}"]`);
    await expect.poll(() => day.getByTestId('rota-leave').textContent()).toBe('Annual leaveNadia Hussain');
    expect(await day.getAttribute('aria-label')).toContain('on leave: Nadia Hussain (Annual leave)');
    await page.screenshot({ path: `${shots}/leave-rota-month-1280.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Weekly View' }).click();
    // In sight above the hours (the grid opens scrolled to the morning): nothing covers the chip's middle.
    await expect.poll(() => uncovered(chipOn(leaveFrom))).toBe(true);
    await page.screenshot({ path: `${shots}/leave-rota-week-1280.png` });
    // On a phone the week is a list of days: the chip sits under the day's heading, open or not.
    await page.setViewportSize(PHONE);
    const phoneDay = page.getByTestId('rota-day-list').locator(`section[data-date="${leaveTo}"]`);
    await expect.poll(() => phoneDay.getByTestId('rota-leave').textContent()).toBe('Annual leaveNadia Hussain');
    await page.screenshot({ path: `${shots}/leave-rota-week-390.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Monthly View' }).click();
    // A phone's day of the month is narrow: the chip keeps inside it (its icon only; the day's label names her).
    await expect.poll(() => day.getByTestId('rota-leave').isVisible()).toBe(true);
    const [chipBox, dayBox] = [await day.getByTestId('rota-leave').boundingBox(), await day.boundingBox()];
    expect(chipBox!.x + chipBox!.width).toBeLessThanOrEqual(dayBox!.x + dayBox!.width);
    await page.screenshot({ path: `${shots}/leave-rota-month-390.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The carers screen names her next leave.
    await page.goto(`${env.product.url}/carers`);
    const card = page.getByTestId('carer-card').filter({ hasText: 'Nadia Hussain' });
    await expect
      .poll(() => card.getByTestId('carer-next-leave').textContent())
      .toBe(`Next leave: Annual leave, ${ukDate(leaveFrom)} to ${ukDate(leaveTo)}`);
    await context.close();
  }, 90_000);

  it('reloads the leave list and the rota’s chips by themselves when leave is requested and approved elsewhere', async () => {
    const context = await signIn(DESKTOP, coordinator);
    const page = await openLeave(context);
    await visible(page, 'No pending leave.');
    const rota = await context.newPage();
    await rota.goto(`${env.product.url}/scheduling`);
    await rota.getByLabel('Week of').fill(ukDate(laterDay));
    const chip = rota.locator(`thead td[data-date="${laterDay}"]`).getByTestId('rota-leave');
    await expect.poll(() => rota.getByRole('table', { name: 'Weekly rota' }).isVisible()).toBe(true);

    const carerContext = await signIn(DESKTOP, carer);
    const id = await send(carerContext.request, '/api/leave', {
      carerId,
      kind: 'sick',
      from: laterDay,
      to: laterDay,
      dayPart: 'morning',
    });
    await expect.poll(() => items(page).count()).toBe(1);
    expect(await items(page).first().textContent()).toContain(`Sick · ${ukDate(laterDay)} (morning)`);

    await send(admin.request, `/api/leave/${id}/approve`, {});
    await expect.poll(() => chip.textContent()).toBe('Sick (morning)Nadia Hussain');
    await expect.poll(() => items(page).count()).toBe(0);
    await Promise.all([context.close(), carerContext.close()]);
  }, 60_000);

  it('lets the office request leave for a carer it picks, offers no Approve on a request it made, and withdraws it', async () => {
    const context = await signIn(DESKTOP, coordinator);
    const page = await openLeave(context);
    await visible(page, 'No pending leave.');
    await page.getByRole('button', { name: 'Request Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Leave' });
    await dialog.getByRole('button', { name: 'Request Leave' }).click();
    await visible(page, 'Carer is required');
    await dialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain (EMP-5101)' });
    await dialog.getByLabel('Kind of leave').selectOption({ label: 'Sick' });
    await dialog.getByLabel('Afternoon (half day)').check();
    // A half day has one date: no last day to give.
    expect(await dialog.getByLabel('Last day').count()).toBe(0);
    await dialog.getByLabel('Date', { exact: true }).fill(ukDate(addDays(laterDay, 3)));
    await dialog.getByRole('button', { name: 'Request Leave' }).click();
    await visible(page, 'Leave requested');

    await expect.poll(() => items(page).count()).toBe(1);
    const item = items(page).first();
    await expect.poll(() => item.textContent()).toContain(`Sick · ${ukDate(addDays(laterDay, 3))} (afternoon)`);
    expect(await item.textContent()).toContain('Asked byYou on');
    // Someone else decides on a request the coordinator made.
    expect(await item.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    expect(await item.getByRole('button', { name: /^Decline/ }).count()).toBe(0);
    await item.getByRole('button', { name: /^Withdraw/ }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw Leave Request' });
    await withdraw.getByRole('button', { name: 'Withdraw request' }).click();
    await visible(page, 'Leave request withdrawn');
    await visible(page, 'No pending leave.');
    await statusFilter(page).selectOption({ label: 'Cancelled' });
    await expect.poll(() => items(page).first().textContent()).toContain('Cancelled');
    await context.close();
  }, 60_000);

  it('marks a carer away today On leave on the carers screen, with the leave she is on', async () => {
    const today = londonToday();
    const id = await send(admin.request, '/api/leave', { carerId, kind: 'compassionate', from: today, to: today });
    const context = await signIn(DESKTOP, coordinator);
    await send(context.request, `/api/leave/${id}/approve`, { unassignVisits: true });
    const page = await context.newPage();
    await page.goto(`${env.product.url}/carers`);
    const card = page.getByTestId('carer-card').filter({ hasText: 'Nadia Hussain' });
    await expect.poll(() => card.getByText('On leave', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => card.getByTestId('carer-next-leave').textContent())
      .toBe(`Current leave: Compassionate leave, ${ukDate(today)}`);
    await context.close();
  }, 60_000);

  it.each([
    { viewport: DESKTOP, highContrast: false },
    { viewport: DESKTOP, highContrast: true },
    { viewport: PHONE, highContrast: false },
    { viewport: PHONE, highContrast: true },
  ])(
    'passes axe on /leave and its dialogs at $viewport.width px (high contrast: $highContrast)',
    async ({ viewport, highContrast }) => {
      // A waiting request to decide on, asked for by the administrator, so the coordinator may decide it.
      const day = addDays(laterDay, 7 + (viewport === PHONE ? 2 : 0) + (highContrast ? 1 : 0));
      await send(admin.request, '/api/leave', {
        carerId,
        kind: 'training',
        from: day,
        to: day,
        note: 'Moving and handling refresher',
      });
      const context = await signIn(viewport, coordinator);
      if (highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
      const page = await openLeave(context);
      await expect.poll(() => items(page).count()).toBeGreaterThan(0);
      expect(await accessibilityFindings(page)).toBe('');
      const item = items(page).filter({ hasText: 'Moving and handling refresher' }).first();

      const scanDialog = async (open: () => Promise<void>, name: string) => {
        await open();
        const dialog = page.getByRole('dialog', { name });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        expect(await accessibilityFindings(page), name).toBe('');
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect.poll(() => dialog.isVisible()).toBe(false);
      };
      await scanDialog(() => page.getByRole('button', { name: 'Request Leave' }).click(), 'Request Leave');
      await scanDialog(() => item.getByRole('button', { name: /^Approve/ }).click(), 'Approve Leave');
      await scanDialog(() => item.getByRole('button', { name: /^Decline/ }).click(), 'Decline Leave');
      await scanDialog(() => item.getByRole('button', { name: /^Cancel/ }).click(), 'Cancel Leave');
      await context.close();
    },
    90_000,
  );
});
