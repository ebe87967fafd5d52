import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { addDays, londonToday, type AlertItem } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * Groups of alerts in Chromium on the real product: two carers' first-aid certificates expiring soon are one row of
 * the dashboard's Alerts table and one item of the bell, the row opens onto its members (each linking to its
 * record), and "Acknowledge all" acknowledges both, taking the group out of the bell's count. The Alerts page shows it
 * the same way.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const GROUP = '2 training certificates expiring within 30 days';
const carers = [
  { firstName: 'Amira', lastName: 'Hussain', email: 'amira.hussain@example.org', employeeId: 'EMP-4401' },
  { firstName: 'Bilal', lastName: 'Okafor', email: 'bilal.okafor@example.org', employeeId: 'EMP-4402' },
];

async function send(request: APIRequestContext, path: string, data: object): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  const text = await reply.text();
  expect(reply.status(), text).toBeLessThan(300);
  return (JSON.parse(text) as { id?: string }).id ?? '';
}

async function items(): Promise<AlertItem[]> {
  const reply = await admin.request.get(`${env.product.url}/api/alert-items`);
  expect(reply.status()).toBe(200);
  return (await reply.json()) as AlertItem[];
}
const bellCount = async () =>
  ((await (await admin.request.get(`${env.product.url}/api/alerts/count`)).json()) as { count: number }).count;

/** Waits (up to 30 s) until `done` answers true: what beforeAll waits for, where expect.poll may not run. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (const stop = Date.now() + 30_000; !(await done()); ) {
    if (Date.now() > stop) throw new Error(`still waiting after 30 s: ${done.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_alert_groups');
  admin = await env.signedInContext(DESKTOP);
  for (const carer of carers) {
    const carerId = await send(admin.request, '/api/carers', { ...carer, startDate: '2024-03-01' });
    await send(admin.request, '/api/training', {
      carerId,
      trainingType: 'first_aid',
      completedDate: addDays(londonToday(), -355),
      expiryDate: addDays(londonToday(), 10),
    });
  }
  await until(async () => (await items()).some((item) => item.kind === 'group' && item.group.title === GROUP));
}, 180_000);
afterAll(async () => env?.stop());

describe('a group of alerts on screen', () => {
  it('shows the group as one row whose members open below it, and acknowledges it as one', async () => {
    expect(await bellCount()).toBe(1);
    const page = await admin.newPage();
    await page.goto(`${env.product.url}/`);
    const row = page.getByTestId('dashboard-alert-row').filter({ hasText: GROUP });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('2 of 2 not acknowledged');
    // The bell's list shows the group as one item.
    await page.getByTestId('alert-bell').click();
    const popover = page.getByRole('dialog', { name: 'Latest alerts' });
    await expect.poll(() => popover.getByRole('listitem').allInnerTexts()).toEqual([expect.stringContaining(GROUP)]);
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: 'Show the 2 alerts' }).click();
    const members = page.getByRole('list', { name: GROUP }).getByRole('listitem');
    await expect.poll(() => members.count()).toBe(2);
    const links = await members.getByRole('link').allInnerTexts();
    expect(links.sort()).toEqual(['Open Amira Hussain', 'Open Bilal Okafor']);
    await page.screenshot({ path: `${shots}/alert-group-open-1280.png`, fullPage: true });

    await row.getByRole('button', { name: `Acknowledge all: ${GROUP}` }).click();
    await expect.poll(() => row.innerText()).toContain('All 2 acknowledged');
    await expect.poll(bellCount).toBe(0);
    await expect
      .poll(() => members.allInnerTexts())
      .toEqual([expect.stringContaining('Acknowledged ·'), expect.stringContaining('Acknowledged ·')]);

    // A member link opens the carer's record, found by name.
    await members.getByRole('link', { name: 'Open Amira Hussain' }).click();
    await expect.poll(() => page.url()).toContain('/carers?search=Amira');
    await page.close();
  }, 90_000);

  it('lists the group as one row on the Alerts page, and its members one by one when filtered by snooze', async () => {
    const page = await admin.newPage();
    await page.goto(`${env.product.url}/alerts`);
    const titles = () => page.getByTestId('alert-row').locator('.alert-cell-title').allInnerTexts();
    await expect.poll(titles).toEqual([GROUP]);
    await page.getByTestId('alert-row').getByRole('button', { name: 'Show the 2 alerts' }).click();
    await expect.poll(() => page.getByRole('list', { name: GROUP }).getByRole('listitem').count()).toBe(2);
    await page.getByLabel('Snoozed', { exact: true }).selectOption('false');
    await expect.poll(titles).toEqual(['First Aid training expiring', 'First Aid training expiring']);
    await page.close();
  }, 60_000);

  it.each([
    { viewport: DESKTOP, highContrast: false },
    { viewport: DESKTOP, highContrast: true },
    { viewport: PHONE, highContrast: false },
    { viewport: PHONE, highContrast: true },
  ])(
    'passes axe with a group opened on the dashboard at $viewport.width px (high contrast: $highContrast)',
    async ({ viewport, highContrast }) => {
      const context = await env.signedInContext(viewport);
      if (highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
      const page = await context.newPage();
      await page.goto(`${env.product.url}/`);
      const row = page.getByTestId('dashboard-alert-row').filter({ hasText: GROUP });
      await row.getByRole('button', { name: 'Show the 2 alerts' }).click();
      await expect.poll(() => page.getByRole('list', { name: GROUP }).getByRole('listitem').count()).toBe(2);
      const theme = highContrast ? '-high-contrast' : '';
      await page.screenshot({ path: `${shots}/alert-group-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      await page.goto(`${env.product.url}/alerts`);
      await page.getByTestId('alert-row').getByRole('button', { name: 'Show the 2 alerts' }).click();
      await expect.poll(() => page.getByRole('list', { name: GROUP }).getByRole('listitem').count()).toBe(2);
      await page.screenshot({ path: `${shots}/alert-group-alerts-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      await context.close();
    },
    60_000,
  );
});
