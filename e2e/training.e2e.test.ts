import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { addDays, londonToday } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
/** Every date is relative to today in London, so the tab filters hold on any day. */
const today = londonToday();

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_training');
  admin = await env.signedInContext();
}, 180_000);
afterAll(async () => env?.stop());

/** A command through the real API as the signed-in user of `context`; returns the reply body. */
async function send(
  context: BrowserContext,
  method: 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<{ id: string }> {
  const reply = await context.request.fetch(`${env.product.url}${path}`, {
    method,
    data,
    headers: { origin: env.product.url },
  });
  if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${await reply.text()}`);
  return (await reply.json()) as { id: string };
}

let employeeNumber = 7100;
const createCarer = async (firstName: string, lastName: string, userId?: string) =>
  (
    await send(admin, 'POST', '/api/carers', {
      firstName,
      lastName,
      email: `${firstName}.${lastName}@example.org`.toLowerCase(),
      employeeId: `EMP-${(employeeNumber += 1)}`,
      startDate: '2024-09-02',
      userId,
    })
  ).id;

const recordTraining = (carerId: string, fields: Record<string, unknown>) =>
  send(admin, 'POST', '/api/training', { carerId, completedDate: addDays(today, -300), ...fields });

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

/** A carer's row of the compliance panel: name, percentage, current count and badge, as one text. */
const compliance = (page: Page, name: string) =>
  page.getByTestId('compliance-row').filter({ hasText: name }).textContent();
const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();
const cards = (page: Page) => page.getByTestId('training-card');
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
/** The cards shown under a tab, by their accessible names ("Type for Carer"). */
async function cardsUnder(page: Page, name: string): Promise<string[]> {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
  // The tab's records come from the server: wait until the cards shown are as many as its label counts.
  const counted = Number(/\((\d+)\)$/.exec((await tab(page, name).textContent()) ?? '')?.[1]);
  await expect.poll(() => cards(page).count()).toBe(counted);
  const labels = await cards(page).evaluateAll((found) => found.map((card) => card.getAttribute('aria-label') ?? ''));
  return labels.sort();
}

describe('Training and Checklists in Chromium', () => {
  it('adds, filters by tab, searches, edits, renews and deletes training records', async () => {
    const margaretId = await createCarer('Margaret', 'Okonjo');
    const tomId = await createCarer('Tom', 'Rigby');
    const page = await openPage(admin, '/training');
    await expect.poll(() => page.getByRole('heading', { name: 'Training and Checklists' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No training records found.', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => compliance(page, 'Tom Rigby')).toBe('Tom Rigby0%0 of 8 currentNeeds Attention');

    // Validation messages, word for word, before anything is sent.
    await page.getByRole('button', { name: 'Add Training Record' }).first().click();
    await page.getByRole('button', { name: 'Save Training Record' }).click();
    for (const message of ['Carer is required', 'Training type is required', 'Completed date is required']) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Carer', { exact: true }).selectOption({ label: 'Margaret Okonjo (EMP-7101)' });
    await dialog.getByLabel('Training type', { exact: true }).selectOption({ label: 'Manual Handling' });
    await dialog.getByLabel('Provider', { exact: true }).fill('St John Ambulance');
    await dialog.getByLabel('Completed date', { exact: true }).fill(ukDate(addDays(today, -20)));
    await dialog.getByLabel('Expiry date', { exact: true }).fill(ukDate(addDays(today, -21)));
    await dialog.getByLabel('Certificate number', { exact: true }).fill('MH-2025-0001');
    await page.getByRole('button', { name: 'Save Training Record' }).click();
    await expect
      .poll(() => page.getByText('Expiry date must be after the completed date', { exact: true }).isVisible())
      .toBe(true);
    await page.screenshot({ path: `${shots}/training-dialog-1280.png` });
    await dialog.getByLabel('Expiry date', { exact: true }).fill(ukDate(addDays(today, 345)));
    await page.getByRole('button', { name: 'Save Training Record' }).click();
    await expect.poll(() => toast(page, 'Training record created successfully').isVisible()).toBe(true);
    await expect
      .poll(() => cards(page).filter({ hasText: 'Margaret Okonjo' }).filter({ hasText: 'Manual Handling' }).count())
      .toBe(1);
    await expect
      .poll(() => compliance(page, 'Margaret Okonjo'))
      .toBe('Margaret Okonjo13%1 of 8 currentNeeds Attention');

    // The server refuses a carer removed while the form was open: the "Error" toast, and the reason at the field.
    const leaver = await createCarer('Leaving', 'Soon');
    await page.getByRole('button', { name: 'Add Training Record' }).first().click();
    await expect.poll(() => dialog.getByRole('option', { name: 'Leaving Soon (EMP-7103)' }).count()).toBe(1);
    await dialog.getByLabel('Carer', { exact: true }).selectOption({ label: 'Leaving Soon (EMP-7103)' });
    await dialog.getByLabel('Training type', { exact: true }).selectOption({ label: 'CPR' });
    await dialog.getByLabel('Completed date', { exact: true }).fill(ukDate(today));
    await send(admin, 'DELETE', `/api/carers/${leaver}`);
    await page.getByRole('button', { name: 'Save Training Record' }).click();
    await expect.poll(() => toast(page, 'Failed to create training record').isVisible()).toBe(true);
    await expect.poll(() => toast(page, 'Error').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('Carer not found', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Records dated relative to today, one per rule of the tabs.
    await recordTraining(tomId, { trainingType: 'cpr', expiryDate: addDays(today, 10) }); // expiring soon
    await recordTraining(tomId, { trainingType: 'first_aid', expiryDate: addDays(today, -5) }); // lapsed: expired by date
    await recordTraining(tomId, { trainingType: 'dementia_care', expiryDate: null }); // current, no expiry
    await recordTraining(tomId, { trainingType: 'safeguarding', status: 'pending', completedDate: addDays(today, -2) });
    await recordTraining(margaretId, { trainingType: 'food_safety', status: 'expired', trainingProvider: 'Highfield' });
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(6);
    await expect
      .poll(() => page.getByTestId('expiring-notice').textContent())
      .toBe('1 training record expires within the next 30 days.');
    expect(await cardsUnder(page, 'Current')).toEqual([
      'CPR for Tom Rigby',
      'Dementia Care for Tom Rigby',
      'First Aid for Tom Rigby',
      'Manual Handling for Margaret Okonjo',
    ]);
    expect(await cardsUnder(page, 'Expiring Soon')).toEqual(['CPR for Tom Rigby']);
    expect(await cardsUnder(page, 'Expired')).toEqual(['First Aid for Tom Rigby', 'Food Safety for Margaret Okonjo']);
    expect(await cardsUnder(page, 'Pending')).toEqual(['Safeguarding for Tom Rigby']);
    await expect.poll(() => tab(page, 'All').textContent()).toBe('All (6)');
    await tab(page, 'All').click();
    // Compliance counts current records not past their expiry: CPR and Dementia Care, not the lapsed First Aid.
    await expect.poll(() => compliance(page, 'Tom Rigby')).toBe('Tom Rigby25%2 of 8 currentNeeds Attention');
    await page.screenshot({ path: `${shots}/training-1280.png`, fullPage: true });

    // Search, and the search-variant empty state.
    const search = page.getByPlaceholder('Search training records...');
    await search.fill('okonjo');
    await expect.poll(() => cards(page).count()).toBe(2);
    await search.fill('highfield');
    await expect.poll(() => cards(page).count()).toBe(1);
    await search.fill('nothing like this');
    await expect
      .poll(() => page.getByText('No training records found matching your search.', { exact: true }).isVisible())
      .toBe(true);
    await search.fill('');

    // Edit.
    await page.getByRole('button', { name: 'Edit Manual Handling for Margaret Okonjo' }).click();
    await expect.poll(() => dialog.getByLabel('Certificate number', { exact: true }).inputValue()).toBe('MH-2025-0001');
    await dialog.getByLabel('Provider', { exact: true }).fill('British Red Cross');
    await page.getByRole('button', { name: 'Update Training Record' }).click();
    await expect.poll(() => toast(page, 'Training record updated successfully').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('article', { name: 'Manual Handling for Margaret Okonjo' }).textContent())
      .toContain('British Red Cross');

    // Renew the lapsed First Aid: it leaves the Expired tab and counts towards compliance again.
    await page.getByRole('button', { name: 'Renew First Aid for Tom Rigby' }).click();
    await expect.poll(() => dialog.getByLabel('Completed date', { exact: true }).inputValue()).toBe(ukDate(today));
    await dialog.getByLabel('Certificate number', { exact: true }).fill('FA-RENEWED-1');
    await page.getByRole('button', { name: 'Renew', exact: true }).click();
    await expect.poll(() => toast(page, 'Training record renewed successfully').isVisible()).toBe(true);
    await expect.poll(() => tab(page, 'Expired').textContent()).toBe('Expired (1)');
    await expect.poll(() => compliance(page, 'Tom Rigby')).toBe('Tom Rigby38%3 of 8 currentNeeds Attention');

    // Delete, after a confirmation naming the carer and the training.
    await page.getByRole('button', { name: 'Delete Food Safety for Margaret Okonjo' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete the Food Safety record of Margaret Okonjo?' });
    await question.getByRole('button', { name: 'Delete record' }).click();
    await expect.poll(() => toast(page, 'Training record deleted successfully').isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(5);
    await expect.poll(() => tab(page, 'Expired').textContent()).toBe('Expired (0)');
  }, 150_000);

  it('shows a carer only their own training, without the write buttons, at 390 px', async () => {
    const credentials = { email: 'amelia.carer@example.org', password: 'correct horse battery staple' };
    const user = await send(admin, 'POST', '/api/users', {
      ...credentials,
      firstName: 'Amelia',
      lastName: 'Hughes',
      role: 'carer',
    });
    const ownId = await createCarer('Amelia', 'Hughes', user.id);
    await recordTraining(ownId, {
      trainingType: 'infection_control',
      expiryDate: addDays(today, 20),
      trainingProvider: 'Skills for Care',
    });
    const context = await env.signedInContext({ width: 390, height: 844 }, credentials);
    const page = await openPage(context, '/training');
    await expect.poll(() => page.getByRole('heading', { name: 'Training and Checklists' }).isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().getAttribute('aria-label')).toBe('Infection Control for Amelia Hughes');
    expect(await page.getByRole('button', { name: /Add Training Record|Edit|Renew|Delete/ }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('compliance-row').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Schedule', exact: true }).isVisible()).toBe(true);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/training-390.png`, fullPage: true });
    await context.close();
  }, 60_000);

  it('lets the keyboard scroll the compliance panel when it holds more carers than fit beside the records, at 1280 px', async () => {
    for (let index = 0; index < 12; index += 1) await createCarer('Panel', `Carer${String.fromCharCode(65 + index)}`);
    const context = await env.signedInContext({ width: 1280, height: 900 });
    const page = await openPage(context, '/training');
    const panel = page.getByRole('region', { name: 'Training Compliance' });
    await expect.poll(() => panel.getByTestId('compliance-row').count()).toBeGreaterThanOrEqual(12);
    // The panel does scroll inside itself here, so what follows checks a real scroll box.
    expect(await panel.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect(await accessibilityFindings(page)).toBe('');
    await panel.focus();
    expect(await panel.evaluate((element) => element.ownerDocument.activeElement === element)).toBe(true);
    await page.keyboard.press('PageDown');
    await expect.poll(() => panel.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await page.screenshot({ path: `${shots}/training-1280-compliance-scrolled.png` });
    await context.close();
  }, 60_000);
});
