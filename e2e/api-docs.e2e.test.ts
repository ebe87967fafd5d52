import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_api_docs');
}, 180_000);
afterAll(async () => env?.stop());

/** Every URL the page asks for from now on, every reply that is an error, and every Content-Security-Policy violation. */
async function watchPage(page: Page) {
  const requested: string[] = [];
  const failed: string[] = [];
  const cspViolations: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.text().startsWith('csp-violation')) cspViolations.push(message.text());
  });
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (event) => console.error('csp-violation', event.violatedDirective, event.blockedURI));",
  );
  return { requested, failed, cspViolations };
}

describe('The API reference in Chromium', () => {
  it('draws the API description at /api/docs from the product alone, and passes axe', async () => {
    const context = await env.signedInContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    const { requested, failed, cspViolations } = await watchPage(page);
    await page.goto(`${env.product.url}/api/docs`);

    // Redoc has fetched /api/openapi.json and drawn it: an operation's summary and its path are on the page.
    const addEntry = page.getByRole('heading', { name: /Add a diary entry/ });
    await addEntry.waitFor();
    // Search answers from the index Redoc builds in a worker; picking a result scrolls to the operation.
    await page.getByRole('textbox', { name: 'Search' }).fill('Add a diary entry');
    await page
      .locator('[data-role="search:results"]')
      .getByText(/^Add a diary entry/)
      .click();
    await expect.poll(async () => (await addEntry.boundingBox())?.y).toBeLessThan(900);
    const operation = page.locator('[data-section-id="tag/diary/operation/postApiDiary"]');
    expect(await operation.getByText('/api/diary', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Search' }).fill('');
    await page.waitForLoadState('networkidle');

    const origin = new URL(env.product.url).origin;
    // data: images are drawn by the page itself, not fetched from anywhere.
    const outside = requested.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
    expect(outside).toEqual([]);
    expect(requested).toContain(`${origin}/api/openapi.json`);
    expect(failed).toEqual([]);
    expect(cspViolations).toEqual([]);

    await page.screenshot({ path: `${shots}/api-docs-1280.png` });
    // Redoc labels each menu entry with the operation's summary alone while it shows the method (POST) beside it,
    // so the visible text is not part of the accessible name; its markup offers no option to change that.
    expect(await accessibilityFindings(page, ['label-content-name-mismatch'])).toBe('');
    await context.close();
    // Every operation of both services is on the one page: axe alone takes about a minute over it on a busy machine.
  }, 240_000);

  it('is for signed-in users, like the description it draws', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const reply = await page.goto(`${env.product.url}/api/docs`);
    expect(reply?.status()).toBe(401);
    await context.close();
  });
});
