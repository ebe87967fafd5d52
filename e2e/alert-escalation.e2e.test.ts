import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AGENCY_SETTINGS, type AlertView } from '@care/events';
import type { BrowserContext } from 'playwright-core';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';

beforeAll(async () => {
  // The escalation job looks every second, so a step is sent moments after its wait has passed.
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_alert_escalation', {
    ALERT_ESCALATION_INTERVAL_MS: '1000',
  });
  admin = await env.signedInContext({ width: 1280, height: 900 });
}, 180_000);
afterAll(async () => env?.stop());

async function send(method: 'PUT' | 'POST', path: string, data: Record<string, unknown>) {
  const reply = await admin.request.fetch(`${env.product.url}${path}`, {
    method,
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return (await reply.json()) as Record<string, unknown>;
}

describe('Escalation of an alert nobody acknowledges, in Chromium', () => {
  it('a critical alert left a minute is mailed to the on-call contact, and its detail says so with the time', async () => {
    await send('PUT', '/api/settings', {
      ...DEFAULT_AGENCY_SETTINGS,
      escalateCriticalMinutes: 1,
      onCallEmail: 'on-call@riverside.example',
    });
    const raised = await send('POST', '/api/emergencies', { location: null });
    const alertUrl = `${env.product.url}/api/alerts/${String(raised.alertId)}`;
    const alert = async () => (await (await admin.request.get(alertUrl)).json()) as AlertView;

    // Nobody acknowledges it: a minute later the rules process escalates it to the on-call contact.
    await expect
      .poll(async () => (await alert()).escalations.map((step) => step.audience), { timeout: 120_000 })
      .toEqual(['on-call']);

    const page = await admin.newPage();
    await page.goto(`${env.product.url}/alerts`);
    const { title } = await alert();
    await page.getByRole('button', { name: `Details: ${title}` }).click();
    const detail = page.getByTestId('alert-detail');
    await expect
      .poll(() => detail.getByText(/^Escalated to the on-call contact at \d{1,2}:\d{2}$/).isVisible())
      .toBe(true);
    expect(await detail.getByText('Critical alert not acknowledged for 1 minute').isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/alert-escalated-1280.png` });
    await page.close();
  }, 240_000);
});
