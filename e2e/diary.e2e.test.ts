import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'diary e2e password 1';
const carerA = { email: 'nadia.hussain@example.org', firstName: 'Nadia', lastName: 'Hussain' };
const carerB = { email: 'tom.rigby@example.org', firstName: 'Tom', lastName: 'Rigby' };
let carerARecord: string;
let clientId: string;

/** A command through the API as the context's signed-in user; answers the created id. */
async function post(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
  method: 'POST' | 'DELETE' = 'POST',
) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method,
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

const client = (clientRef: string, firstName: string, lastName: string) => ({
  clientId: clientRef,
  firstName,
  lastName,
  dateOfBirth: '1938-05-14',
  address: '4 Mill Lane, Leeds LS6 2AB',
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
});

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_diary');
  admin = await env.signedInContext();
  const users: string[] = [];
  for (const user of [carerA, carerB])
    users.push(await post(admin.request, '/api/users', { ...user, role: 'carer', password: PASSWORD }));
  const carerRecord = (user: typeof carerA, userId: string, employeeId: string) =>
    post(admin.request, '/api/carers', { ...user, userId, employeeId, startDate: '2024-03-01' });
  carerARecord = await carerRecord(carerA, users[0]!, 'EMP-501');
  const carerBRecord = await carerRecord(carerB, users[1]!, 'EMP-502');
  clientId = await post(admin.request, '/api/clients', client('CL-0001', 'Edith', 'Green'));
  // Both carers visit Edith tomorrow: a carer reads the diary of the clients on their visits around today.
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
  for (const carerId of [carerARecord, carerBRecord]) {
    await post(admin.request, '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: tomorrow,
      durationMinutes: 30,
    });
  }
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path = '/diary'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();
const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
const cards = (page: Page) => page.getByTestId('diary-entry');

describe('Care Diary in Chromium', () => {
  it('creates, searches, amends and reviews an entry, with the diary bar, empty states and toasts', async () => {
    const page = await open(admin);
    await expect.poll(() => page.getByRole('heading', { name: 'Care Diary' }).isVisible()).toBe(true);
    await visible(page, 'No diary entries found.');
    await expect.poll(() => page.getByRole('button', { name: 'Add First Entry' }).isVisible()).toBe(true);
    const bar = page.getByRole('navigation', { name: 'Diary' });
    for (const tab of ['Diary', 'Weekly', 'By Carer', 'By Client', 'Monitoring', 'Training', 'Map', 'Live Map']) {
      await expect.poll(() => bar.getByRole('link', { name: tab, exact: true }).isVisible()).toBe(true);
    }
    expect(await bar.getByRole('link', { name: 'Diary', exact: true }).getAttribute('aria-current')).toBe('page');

    // Every required field's message, word for word, before anything is sent.
    await page.getByRole('button', { name: 'Add Entry', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Entry type').inputValue()).toBe('care_note');
    expect(await dialog.getByLabel('Priority').inputValue()).toBe('normal');
    expect(await dialog.getByLabel('Entry date and time').inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await dialog.getByLabel('Entry date and time').fill('');
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    for (const message of [
      'Carer is required',
      'Client is required',
      'Entry date is required',
      'Title is required',
      'Content is required',
    ]) {
      await visible(page, message);
    }

    await dialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain' });
    await dialog.getByLabel('Client').selectOption({ label: 'Edith Green (CL-0001)' });
    await dialog.getByLabel('Entry type').selectOption('observation');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Entry date and time').fill('01/07/2025 10:30');
    await dialog.getByLabel('Title').fill('Appetite lower than usual');
    await dialog.getByLabel('Content').fill('Only managed a few spoonfuls of soup.');
    expect(await dialog.getByLabel('Content').getAttribute('rows')).toBe('6');
    const tags = dialog.getByLabel('Tags');
    await tags.fill('nutrition');
    await tags.press('Enter');
    await tags.fill('monitor');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await tags.fill('Nutrition');
    await tags.press('Enter');
    await visible(page, '"Nutrition" is already in the list');
    await tags.fill('  ');
    await tags.press('Enter');
    await visible(page, 'Type an entry before adding it');
    await tags.fill('typo');
    await tags.press('Enter');
    await dialog.getByRole('button', { name: 'Remove typo' }).click();
    await expect
      .poll(() => dialog.getByRole('list', { name: 'Added tag list' }).getByRole('listitem').allTextContents())
      .toEqual(['nutrition', 'monitor']);
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expect.poll(() => toast(page, 'Diary entry created successfully').isVisible()).toBe(true);
    const card = cards(page).filter({ hasText: 'Appetite lower than usual' });
    await expect.poll(() => card.count()).toBe(1);
    for (const text of [
      '01/07/2025 10:30',
      'Edith Green',
      'Nadia Hussain',
      'observation',
      'high',
      'nutrition',
      'monitor',
      'Only managed a few spoonfuls of soup.',
    ]) {
      await expect.poll(() => card.getByText(text, { exact: true }).first().isVisible(), { message: text }).toBe(true);
    }

    // The server refuses an entry for a client removed after the form was filled in.
    const goneClient = await post(admin.request, '/api/clients', client('CL-0002', 'Walter', 'Pemberton'));
    await page.reload();
    await page.getByRole('button', { name: 'Add Entry', exact: true }).click();
    await dialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain' });
    await dialog.getByLabel('Client').selectOption({ label: 'Walter Pemberton (CL-0002)' });
    await dialog.getByLabel('Title').fill('Never saved');
    await dialog.getByLabel('Content').fill('The client left the agency.');
    await post(admin.request, `/api/clients/${goneClient}`, {}, 'DELETE');
    await dialog.getByRole('button', { name: 'Save Entry' }).click();
    await expect.poll(() => toast(page, 'Failed to create diary entry').isVisible()).toBe(true);
    await visible(page, 'Client not found');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // Search over title, content, client and carer names; the search-variant empty state.
    await post(admin.request, '/api/diary', {
      carerId: carerARecord,
      clientId,
      entryDate: '2025-06-30T08:00:00Z',
      title: 'Morning call completed',
      content: 'Breakfast of porridge eaten well.',
    });
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(2);
    const search = page.getByPlaceholder('Search diary entries...');
    for (const [term, count] of [
      ['PORRIDGE', 1],
      ['appetite', 1],
      ['edith green', 2],
      ['nadia', 2],
    ] as const) {
      await search.fill(term);
      await expect.poll(() => cards(page).count(), { message: term }).toBe(count);
    }
    await search.fill('nobody like this');
    await visible(page, 'No diary entries found matching your search.');
    expect(await page.getByRole('button', { name: 'Add First Entry' }).count()).toBe(0);
    await search.fill('');

    // Amend: the new version shows, the earlier one stays in the history.
    await page.getByRole('button', { name: 'Amend: Appetite lower than usual' }).click();
    await dialog.getByLabel('Content').fill('Only managed a few spoonfuls of soup; drank a full cup of tea.');
    await dialog.getByLabel('Reason for the amendment').fill('Added fluids');
    await dialog.getByRole('button', { name: 'Save Amendment' }).click();
    await expect.poll(() => toast(page, 'Diary entry amended successfully').isVisible()).toBe(true);
    await expect
      .poll(() => card.getByText('Only managed a few spoonfuls of soup; drank a full cup of tea.').isVisible())
      .toBe(true);
    await expect.poll(() => card.getByText('Amended', { exact: true }).isVisible()).toBe(true);

    // Mark reviewed: once; the card then names the reviewer.
    await page.getByRole('button', { name: 'Mark Reviewed: Appetite lower than usual' }).click();
    await expect.poll(() => toast(page, 'Diary entry marked as reviewed').isVisible()).toBe(true);
    await expect
      .poll(() => card.getByText(/^Reviewed by .+ on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Mark Reviewed: Appetite lower than usual' }).count()).toBe(0);

    await card.getByText('History', { exact: true }).click();
    const versions = card.getByRole('list', { name: 'Versions' }).locator(':scope > li');
    await expect.poll(() => versions.count()).toBe(3);
    await expect.poll(() => versions.nth(0).textContent()).toMatch(/^Created by .+ on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await versions.nth(1).textContent()).toContain('Amended by');
    expect(await versions.nth(1).textContent()).toContain('Reason: Added fluids');
    expect(await versions.nth(1).locator('del').textContent()).toBe('Only managed a few spoonfuls of soup.');
    expect(await versions.nth(2).textContent()).toContain('Marked reviewed by');
    await page.screenshot({ path: `${shots}/diary-1280.png`, fullPage: true });

    // The diary's own views keep the bar and highlight their tab (each view's content: diary-views.e2e.test.ts).
    await bar.getByRole('link', { name: 'Weekly', exact: true }).click();
    await expect.poll(() => page.url()).toBe(`${env.product.url}/diary/weekly`);
    await expect
      .poll(() => bar.getByRole('link', { name: 'Weekly', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    // Polled: while the router settles on the new route the old tab may still be marked for a frame.
    await expect
      .poll(() => bar.getByRole('link', { name: 'Diary', exact: true }).getAttribute('aria-current'))
      .toBeNull();
    await expect.poll(() => page.getByRole('heading', { name: 'Weekly', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.diary-day h3').count()).toBe(7);
  }, 180_000);

  it('shows a confidential entry to its author and to admins, never to another carer (390 px)', async () => {
    const author = await env.signedInContext({ width: 390, height: 844 }, { email: carerA.email, password: PASSWORD });
    await post(author.request, '/api/diary', {
      carerId: carerARecord,
      clientId,
      entryDate: '2025-07-02T09:00:00Z',
      title: 'Safeguarding concern',
      content: 'Bruise on the left arm; client would not say how it happened.',
      entryType: 'incident',
      priority: 'urgent',
      isConfidential: true,
    });
    const authorPage = await open(author);
    const secret = cards(authorPage).filter({ hasText: 'Safeguarding concern' });
    await expect.poll(() => secret.count()).toBe(1);
    await expect.poll(() => secret.getByText('Confidential', { exact: true }).isVisible()).toBe(true);
    // A carer amends only their own entries and reviews none.
    expect(await authorPage.getByRole('button', { name: 'Amend: Safeguarding concern' }).count()).toBe(1);
    expect(await authorPage.getByRole('button', { name: 'Amend: Morning call completed' }).count()).toBe(0);
    expect(await authorPage.getByRole('button', { name: /^Mark Reviewed/ }).count()).toBe(0);
    await authorPage.screenshot({ path: `${shots}/diary-390.png`, fullPage: true });

    const adminPage = await open(admin);
    await expect.poll(() => cards(adminPage).filter({ hasText: 'Safeguarding concern' }).count()).toBe(1);

    const other = await env.signedInContext({ width: 390, height: 844 }, { email: carerB.email, password: PASSWORD });
    const otherPage = await open(other);
    await expect.poll(() => cards(otherPage).count()).toBe(2);
    expect(await cards(otherPage).filter({ hasText: 'Safeguarding concern' }).count()).toBe(0);
    await otherPage.getByPlaceholder('Search diary entries...').fill('safeguarding');
    await visible(otherPage, 'No diary entries found matching your search.');
    const list = await other.request.get(`${env.product.url}/api/diary?search=safeguarding`);
    expect(await list.json()).toEqual([]);
  }, 120_000);
});
