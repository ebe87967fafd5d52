import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday, type WorkingPatternView } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { sampleClient, startE2eEnvironment, ukDate, type E2eEnvironment } from './support';

/**
 * A carer's working pattern in Chromium on the real product: a coordinator sets it in the carers screen's dialog
 * at desktop width (a wrong range is refused under its own fields first), and the carer reads it, read-only, on a
 * phone. Both screens pass axe in the standard and the high-contrast theme at both widths.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
let carerId = '';
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const carer = { email: 'nia.osei@example.org', firstName: 'Nia', lastName: 'Osei', password: 'pattern e2e password 1' };
const coordinator = {
  email: 'cora.jones@example.org',
  firstName: 'Cora',
  lastName: 'Jones',
  password: 'pattern e2e password 2',
};
const awayDay = addDays(londonToday(), 20);

async function send(request: APIRequestContext, path: string, data: object): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  const text = await reply.text();
  expect(reply.status(), text).toBeLessThan(300);
  return (JSON.parse(text) as { id: string }).id;
}

async function patternOf(): Promise<WorkingPatternView | null> {
  const reply = await admin.request.get(`${env.product.url}/api/carers/${carerId}/working-pattern`);
  return reply.status() === 200 ? ((await reply.json()) as WorkingPatternView) : null;
}

async function openPattern(page: Page): Promise<void> {
  await page.goto(`${env.product.url}/carers`);
  await page.getByRole('button', { name: 'Working pattern of Nia Osei' }).click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Working pattern: Nia Osei' }).isVisible()).toBe(true);
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_working_pattern');
  admin = await env.signedInContext(DESKTOP);
  const { password: carerPassword, ...carerNames } = carer;
  const userId = await send(admin.request, '/api/users', { ...carerNames, role: 'carer', password: carerPassword });
  carerId = await send(admin.request, '/api/carers', {
    firstName: carer.firstName,
    lastName: carer.lastName,
    email: carer.email,
    userId,
    employeeId: 'EMP-4401',
    startDate: '2024-03-01',
  });
  await send(admin.request, '/api/users', { ...coordinator, role: 'coordinator' });
}, 180_000);
afterAll(async () => env?.stop());

describe('working pattern', () => {
  it('a coordinator sets the pattern in the dialog at 1280 px; a wrong range is refused under its fields', async () => {
    const context = await env.signedInContext(DESKTOP, coordinator);
    const page = await context.newPage();
    await openPattern(page);
    const dialog = page.getByRole('dialog');
    // A carer with no pattern starts from Monday to Friday 08:00–16:00.
    await expect.poll(() => dialog.getByLabel('Monday from, hours 1').inputValue()).toBe('08:00');
    await dialog.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await dialog.getByLabel('Saturday from, hours 1').fill('13:00');
    await dialog.getByLabel('Saturday to, hours 1').fill('09:00');
    await dialog.getByLabel('Contracted hours a week').fill('30');
    await dialog.getByRole('button', { name: 'Save pattern' }).click();
    await expect.poll(() => dialog.getByText('End must be after the start').isVisible()).toBe(true);
    expect(await patternOf()).toBeNull();

    await dialog.getByLabel('Saturday from, hours 1').fill('09:00');
    await dialog.getByLabel('Saturday to, hours 1').fill('13:00');
    // The message was about the hours as they were: it goes once they are changed.
    await expect.poll(() => dialog.getByText('End must be after the start').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add exception' }).click();
    await dialog.getByRole('textbox', { name: 'Date' }).fill(ukDate(awayDay));
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Hospital appointment');
    await page.screenshot({ path: `${shots}/working-pattern-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Save pattern' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(async () => (await patternOf())?.weekly.filter((range) => range.weekday === 6))
      .toEqual([{ weekday: 6, start: '09:00', end: '13:00' }]);
    expect(await patternOf()).toMatchObject({
      contractedHoursPerWeek: 30,
      weeklyHoursLimit: 48,
      exceptions: [{ date: awayDay, available: false, start: null, end: null, note: 'Hospital appointment' }],
    });

    // Opened again, the dialog shows what was saved.
    await openPattern(page);
    await expect.poll(() => page.getByLabel('Saturday to, hours 1').inputValue()).toBe('13:00');
    await context.close();
  }, 90_000);

  it('the carer reads their own pattern, read-only, at 390 px', async () => {
    const context = await env.signedInContext(PHONE, carer);
    const page = await context.newPage();
    await openPattern(page);
    const summary = page.getByTestId('working-pattern-summary');
    await expect.poll(() => summary.getByText('09:00–13:00').isVisible()).toBe(true);
    await expect.poll(() => summary.getByText('Hospital appointment', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save pattern' }).count()).toBe(0);
    expect(await page.getByRole('textbox').count()).toBe(0);
    await page.screenshot({ path: `${shots}/working-pattern-dialog-390.png`, fullPage: true });
    await context.close();
  }, 60_000);

  it.each([
    { viewport: DESKTOP, highContrast: false, as: coordinator },
    { viewport: DESKTOP, highContrast: true, as: coordinator },
    { viewport: PHONE, highContrast: false, as: carer },
    { viewport: PHONE, highContrast: true, as: carer },
  ])(
    'the dialog passes axe at $viewport.width px (high contrast: $highContrast)',
    async ({ viewport, highContrast, as }) => {
      const context = await env.signedInContext(viewport, as);
      if (highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
      const page = await context.newPage();
      await openPattern(page);
      // Loaded: the form (coordinator) or the summary (carer).
      const loaded = page.getByRole('button', { name: 'Save pattern' }).or(page.getByTestId('working-pattern-summary'));
      await expect.poll(() => loaded.isVisible()).toBe(true);
      const theme = highContrast ? '-high-contrast' : '';
      await page.screenshot({ path: `${shots}/working-pattern-${viewport.width}${theme}.png` });
      expect(await accessibilityFindings(page)).toBe('');
      await context.close();
    },
    60_000,
  );

  it("the rota flags the carer booked over their weekly hours limit, with the week's hours", async () => {
    const put = await admin.request.fetch(`${env.product.url}/api/carers/${carerId}/working-pattern`, {
      method: 'PUT',
      data: { weekly: [], contractedHoursPerWeek: null, weeklyHoursLimit: 1 },
      headers: { origin: env.product.url },
    });
    expect(put.status(), await put.text()).toBe(200);
    const clientId = await send(
      admin.request,
      '/api/clients',
      sampleClient('CL-4401', 'Edith', 'Green', '4 Mill Lane'),
    );
    // Two hours this week, late today so that they are still ahead whatever the time of the run.
    for (const time of ['21:00', '22:00'])
      await send(admin.request, '/api/appointments', {
        clientId,
        carerId,
        scheduledStart: londonTimeToInstant(londonToday(), time),
        durationMinutes: 60,
      });
    const context = await env.signedInContext(DESKTOP, coordinator);
    const page = await context.newPage();
    await page.goto(`${env.product.url}/scheduling`);
    const flags = page.getByTestId('working-time-flags');
    await expect.poll(() => flags.textContent()).toBe('Over 1 h Nia Osei: 2 h booked this week');
    await page.getByRole('tab', { name: 'Carer Roster' }).click();
    const row = page.getByTestId('carer-roster').locator('tbody tr').filter({ hasText: 'Nia Osei' });
    await expect.poll(() => row.getByTestId('over-limit-flag').textContent()).toBe('Over 1 h');
    await page.screenshot({ path: `${shots}/working-time-roster-1280.png` });
    await context.close();
  }, 60_000);
});
