import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Tomorrow: the visits stay scheduled whatever the hour the test runs. */
const visitDate = addDays(londonToday(), 1);
const ids = { nadia: '', ben: '', edith: '', arthur: '' };

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}
const client = (firstName: string, lastName: string, keyworkerCarerId: string | null) =>
  post(admin.request, '/api/clients', {
    clientId: `CL-${firstName}`,
    firstName,
    lastName,
    dateOfBirth: '1938-05-14',
    address: '4 Mill Lane, Leeds LS6 2AB',
    emergencyContact: 'Paul Greenwood',
    emergencyPhone: '07700 900123',
    careLevel: 'medium',
    keyworkerCarerId,
  });
const visit = (clientId: string, time: string, visitType: string) =>
  post(admin.request, '/api/appointments', {
    clientId,
    scheduledStart: londonTimeToInstant(visitDate, time),
    durationMinutes: 30,
    visitType,
  });

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_rota_suggestions');
  admin = await env.signedInContext();
  const carer = (firstName: string, lastName: string, employeeId: string) =>
    post(admin.request, '/api/carers', {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.org`,
      employeeId,
      startDate: '2024-03-01',
    });
  ids.nadia = await carer('Nadia', 'Hussain', 'EMP-801');
  ids.ben = await carer('Ben', 'Brook', 'EMP-802');
  await post(admin.request, '/api/training', {
    carerId: ids.nadia,
    trainingType: 'medication',
    completedDate: addDays(londonToday(), -100),
    expiryDate: addDays(londonToday(), 300),
    status: 'current',
  });
  ids.edith = await client('Edith', 'Greenwood', ids.nadia);
  ids.arthur = await client('Arthur', 'Walker', null);
  await visit(ids.edith, '10:00', 'medication');
  await visit(ids.arthur, '10:00', 'personal_care');
}, 180_000);
afterAll(async () => env?.stop());

async function visitAssignments(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}/scheduling`);
  await page.getByRole('tab', { name: 'Visit Assignments' }).click();
  await expect.poll(() => page.getByTestId('unassigned-visit').count()).toBeGreaterThan(0);
  return page;
}
const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { message: text }).toBe(true);

describe('Suggested carers and Fill the day in Chromium', () => {
  it('suggests the keyworker with medication training first, says why and who was left out, and assigns in one click', async () => {
    const page = await visitAssignments(admin);
    const edith = page.getByTestId('unassigned-visit').filter({ hasText: 'Edith Greenwood' });
    await edith.getByRole('button', { name: 'Assign Carer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Carer' });
    const suggested = dialog.getByTestId('suggested-carer');
    await expect.poll(() => suggested.count()).toBe(1);
    const first = await suggested.first().textContent();
    expect(first).toContain('Nadia Hussain');
    expect(first).toContain("Edith Greenwood's keyworker");
    expect(first).toContain('Medication training current');
    await visible(page, 'Not suggested: 1 without current medication training.');
    await page.screenshot({ path: `${shots}/rota-suggestions-1280.png`, fullPage: true });

    await dialog.getByRole('button', { name: 'Assign Nadia Hussain' }).click();
    await visible(page, 'Carer assigned successfully');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => edith.count()).toBe(0);
    await page.close();
  });

  it('proposes the day, shows it before writing, and applies it as assignments, each with its outcome', async () => {
    const page = await visitAssignments(admin);
    await page.getByLabel('Day to fill').fill(ukDate(visitDate));
    await page.getByRole('button', { name: 'Fill the day' }).click();
    const dialog = page.getByRole('dialog', { name: `Fill the day: ${ukDate(visitDate)}` });
    const rows = dialog.getByTestId('fill-day-proposal');
    await expect.poll(() => rows.count()).toBe(1);
    // Nadia has Edith's visit at 10:00 now: Arthur's goes to Ben.
    await expect.poll(() => rows.first().textContent()).toContain('Proposed: Ben Brook');
    expect(await rows.first().textContent()).toContain('Arthur Walker');
    await page.screenshot({ path: `${shots}/rota-fill-day-1280.png`, fullPage: true });

    await dialog.getByRole('button', { name: 'Apply 1 assignment' }).click();
    await expect.poll(() => rows.first().textContent()).toContain('Assigned');
    await visible(page, '1 of 1 visits assigned');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await visible(page, 'No unassigned visits.');
    await page.close();
  });

  it.each([
    { viewport: DESKTOP, highContrast: false },
    { viewport: DESKTOP, highContrast: true },
    { viewport: PHONE, highContrast: false },
    { viewport: PHONE, highContrast: true },
  ])(
    'passes axe with the suggestions and the proposal open at $viewport.width px (high contrast: $highContrast)',
    async ({ viewport, highContrast }) => {
      const time = `${String(12 + (viewport.width === PHONE.width ? 2 : 0) + (highContrast ? 1 : 0)).padStart(2, '0')}:00`;
      await visit(ids.arthur, time, 'companionship');
      const context = await env.signedInContext(viewport);
      if (highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
      const page = await visitAssignments(context);
      const theme = highContrast ? '-high-contrast' : '';
      await page.getByTestId('unassigned-visit').first().getByRole('button', { name: 'Assign Carer' }).click();
      const assign = page.getByRole('dialog', { name: 'Assign Carer' });
      await expect.poll(() => assign.getByTestId('suggested-carer').count()).toBe(2);
      await page.screenshot({ path: `${shots}/rota-suggestions-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      await page.keyboard.press('Escape');
      await expect.poll(() => assign.isVisible()).toBe(false);

      await page.getByLabel('Day to fill').fill(ukDate(visitDate));
      await page.getByRole('button', { name: 'Fill the day' }).click();
      const fill = page.getByRole('dialog', { name: `Fill the day: ${ukDate(visitDate)}` });
      // Each scan adds an open visit and leaves it open: the proposal holds one or more.
      await expect.poll(() => fill.getByTestId('fill-day-proposal').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${shots}/rota-fill-day-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      await context.close();
    },
  );
});
