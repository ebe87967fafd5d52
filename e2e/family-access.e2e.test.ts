import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { accessibilityFindings } from './axe-scan';
import { sampleClient, startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * The office manages a client's family access from the clients screen in Chromium: "Family access" lists who has
 * access, "Invite family member" asks for the consent a relative needs, and "Withdraw access" takes a reason. The
 * dialog passes axe and fits the screen at 1280 and 390 px.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const CLIENT = 'Edith Green';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_family_access');
  admin = await env.signedInContext(DESKTOP);
  const reply = await admin.request.fetch(`${env.product.url}/api/clients`, {
    method: 'POST',
    data: sampleClient('CL-6601', 'Edith', 'Green', '4 Mill Lane, Leeds'),
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBe(201);
}, 180_000);
afterAll(async () => env?.stop());

async function openDialog(page: Page): Promise<void> {
  await page.goto(`${env.product.url}/clients`);
  await page.getByRole('button', { name: `Family access for ${CLIENT}` }).click();
  await expect.poll(() => page.getByRole('dialog', { name: `Family access: ${CLIENT}` }).isVisible()).toBe(true);
}

describe('family access on a client', () => {
  it('invites a relative once their consent is given, then withdraws the access with a reason, at 1280 px', async () => {
    const page = await admin.newPage();
    await openDialog(page);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Nobody has been invited').isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');

    await dialog.getByRole('button', { name: 'Invite family member' }).click();
    await dialog.getByLabel('Email').fill('paula.green@example.org');
    await dialog.getByLabel('Name').fill('Paula Green');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // A relative needs the client's consent: the form says so under the field, before anything is sent.
    await expect.poll(() => dialog.getByText('say who recorded it').isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/family-invite-1280.png` });

    await dialog.getByLabel('Consent recorded by').fill('Ada Admin');
    await dialog.getByLabel('Consent given on').fill('01/11/2026 10:00');
    await dialog.getByLabel('Share the medication summary (the client has agreed)').check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.getByText('paula.green@example.org').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Invited', { exact: true }).isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Withdraw access for Paula Green' }).click();
    await dialog.getByRole('button', { name: 'Withdraw access' }).click();
    await expect.poll(() => dialog.getByText('Give a reason').isVisible()).toBe(true);
    await dialog.getByLabel('Reason').fill('The client asked');
    await dialog.getByRole('button', { name: 'Withdraw access' }).click();
    await expect.poll(() => dialog.getByText('Reason: The client asked').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Withdrawn', { exact: true }).isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.close();
  });

  it('fits a phone at 390 px and passes axe there', async () => {
    const context = await env.signedInContext(PHONE);
    const page = await context.newPage();
    await openDialog(page);
    await expect.poll(() => page.getByText('Reason: The client asked').isVisible()).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(await accessibilityFindings(page)).toBe('');
    await page.getByRole('dialog').getByRole('button', { name: 'Invite family member' }).click();
    await page.getByRole('dialog').getByLabel('Relationship').selectOption('attorney');
    await expect.poll(() => page.getByLabel('Lasting power of attorney reference').isVisible()).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/family-access-390.png`, fullPage: true });
    await context.close();
  });
});
