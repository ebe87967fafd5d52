import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { accessibilityFindings } from './axe-scan';
import { sampleClient, startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * An administrator answers a client's subject access request from the clients screen in Chromium: "Export their
 * record" opens a dialog that records the request, then offers the JSON and the PDF. The dialog passes axe and fits
 * the screen at 1280 and 390 px.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_subject_access');
  admin = await env.signedInContext(DESKTOP);
  const reply = await admin.request.fetch(`${env.product.url}/api/clients`, {
    method: 'POST',
    data: sampleClient('CL-5501', 'Edyta', 'Łukasiewicz', '4 Mill Lane, Leeds'),
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBe(201);
}, 180_000);
afterAll(async () => env?.stop());

async function openDialog(page: Page): Promise<void> {
  await page.goto(`${env.product.url}/clients`);
  await page.getByRole('button', { name: 'Export their record: Edyta Łukasiewicz' }).click();
  await expect
    .poll(() => page.getByRole('dialog', { name: 'Export the record of Edyta Łukasiewicz' }).isVisible())
    .toBe(true);
}

describe('export their record', () => {
  it('records the request, then downloads the PDF and the JSON at 1280 px', async () => {
    const page = await admin.newPage();
    await openDialog(page);
    const dialog = page.getByRole('dialog');
    expect(await accessibilityFindings(page)).toBe('');
    await dialog.getByLabel("Request's reference").fill('Letter received 20/11/2026');
    await dialog.getByRole('button', { name: 'Record the request' }).click();
    await expect.poll(() => dialog.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/subject-access-dialog-1280.png` });
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download JSON' }).click(),
    ]);
    const file = JSON.parse(await readFile((await json.path())!, 'utf8')) as { subject: { name: string } };
    expect(file.subject.name).toBe('Edyta Łukasiewicz');
    await page.close();
  });

  it('fits a phone at 390 px and passes axe there', async () => {
    const context = await env.signedInContext(PHONE);
    const page = await context.newPage();
    await openDialog(page);
    expect(await accessibilityFindings(page)).toBe('');
    await page.getByRole('dialog').getByRole('button', { name: 'Record the request' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Download JSON' }).isVisible()).toBe(true);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    // Both downloads lie wholly inside the dialog: none runs past its edge.
    const dialog = (await page.getByRole('dialog').boundingBox())!;
    for (const name of ['Download JSON', 'Download PDF']) {
      const link = (await page.getByRole('link', { name }).boundingBox())!;
      expect(link.x, name).toBeGreaterThanOrEqual(dialog.x);
      expect(link.x + link.width, name).toBeLessThanOrEqual(dialog.x + dialog.width);
    }
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: `${shots}/subject-access-dialog-390.png`, fullPage: true });
    await context.close();
  });
});
