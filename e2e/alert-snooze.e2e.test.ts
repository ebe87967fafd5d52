import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * Snoozing an alert and switching an alert rule off, in Chromium on the real product: the Alerts page snoozes an
 * alert for 4 hours with a reason, marks it and takes it out of the bell, Unsnooze brings it back; Settings switches
 * a rule off with a reason and the dashboard's alerts card says so.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
let title: string;

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_alert_snooze');
  admin = await env.signedInContext();
  const raised = await admin.request.fetch(`${env.product.url}/api/emergencies`, {
    method: 'POST',
    data: { location: null },
    headers: { origin: env.product.url },
  });
  expect(raised.status(), await raised.text()).toBeLessThan(300);
}, 180_000);
afterAll(async () => env?.stop());

async function open(path: string): Promise<Page> {
  const page = await admin.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}
/** The bell's accessible name carries the figure ("Alerts, 1 active"). */
const bellName = (page: Page) => page.getByTestId('alert-bell').getAttribute('aria-label');

describe('snoozing an alert and switching a rule off in Chromium', () => {
  it('snoozes an alert for 4 hours with a reason, out of the bell, and Unsnooze brings it back', async () => {
    const page = await open('/alerts');
    const row = page.getByTestId('alert-row').first();
    await row.waitFor();
    title = await row.locator('.alert-cell-title').innerText();
    await expect.poll(() => bellName(page)).toBe('Alerts, 1 active');

    await page.getByRole('button', { name: `Snooze: ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Snooze Alert' });
    await dialog.getByRole('radio', { name: '4 hours' }).check();
    await dialog.getByRole('button', { name: 'Snooze' }).click();
    await expect.poll(() => dialog.getByText('Reason is required').isVisible()).toBe(true);
    await dialog.getByLabel('Reason').fill('The family is on the way to the house');
    await dialog.getByRole('button', { name: 'Snooze' }).click();

    // The time alone when it ends today (UK), else the date too: 4 hours may run past midnight.
    await expect.poll(() => row.getByText(/^Snoozed until (\d\d\/\d\d\/\d{4} )?\d\d:\d\d$/).isVisible()).toBe(true);
    expect(await row.innerText()).toContain('The family is on the way to the house');
    await expect.poll(() => bellName(page)).toBe('Alerts, 0 active');

    await page.getByLabel('Snoozed').selectOption('true');
    await expect.poll(() => page.getByTestId('alert-row').count()).toBe(1);
    await page.getByLabel('Snoozed').selectOption('false');
    await expect.poll(() => page.getByText('No active alerts').isVisible()).toBe(true);
    await page.getByLabel('Snoozed').selectOption('');

    await page.getByRole('button', { name: `Unsnooze: ${title}` }).click();
    await expect.poll(() => bellName(page)).toBe('Alerts, 1 active');
    await expect.poll(() => row.getByText(/^Snoozed until/).count()).toBe(0);
    await page.close();
  });

  it('switches a rule off from Settings with a reason, and the dashboard says which rules are off', async () => {
    const settings = await open('/settings');
    const section = settings.getByRole('region', { name: 'Alert rules' });
    const diary = section.getByRole('switch', { name: 'Urgent diary entry: on' });
    await diary.click();
    const dialog = settings.getByRole('dialog', { name: 'Switch Alert Rule Off' });
    await dialog.getByLabel('Reason').fill('Diary incidents are read at the morning meeting');
    await dialog.getByRole('button', { name: 'Switch off' }).click();
    await expect
      .poll(() => section.getByRole('switch', { name: 'Urgent diary entry: off' }).getAttribute('aria-checked'))
      .toBe('false');
    expect(await section.getByTestId('alert-rule').filter({ hasText: 'Urgent diary entry' }).innerText()).toContain(
      'Diary incidents are read at the morning meeting',
    );

    const dashboard = await open('/');
    await expect
      .poll(() => dashboard.getByTestId('alert-rules-off').innerText())
      .toContain('1 alert rule is off: Urgent diary entry');
    await dashboard.getByRole('link', { name: 'Alert rules in Settings' }).click();
    await expect.poll(() => dashboard.url()).toBe(`${env.product.url}/settings`);
  });
});
