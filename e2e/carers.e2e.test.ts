import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_carers');
}, 180_000);
afterAll(async () => env?.stop());

async function openPage(path: string, width = 1280, height = 900): Promise<Page> {
  const context = await env.signedInContext({ width, height });
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

async function fillCarer(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

describe('Carer Management in Chromium', () => {
  it('adds, searches, edits and deletes a carer, with live updates in a second browser', async () => {
    const page = await openPage('/carers');
    const watcher = await openPage('/carers');
    await expect.poll(() => page.getByText('No carers found.', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Add First Carer' }).isVisible()).toBe(true);
    await expect.poll(() => watcher.getByTestId('active-carer-count').textContent()).toBe('0');

    // Validation messages, word for word, before anything is sent.
    await page.getByRole('button', { name: 'Add Carer', exact: true }).click();
    await page.getByRole('button', { name: 'Save Carer' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid email is required',
      'Employee ID is required',
      'Start date is required',
    ]) {
      await expect.poll(() => page.getByText(message, { exact: true }).isVisible()).toBe(true);
    }

    await fillCarer(page, {
      'First name': 'Margaret',
      'Last name': 'Okonjo',
      Email: 'margaret.okonjo@example.org',
      'Employee ID': 'EMP-7001',
      'Start date': '02/09/2024',
    });
    await page.getByRole('button', { name: 'Save Carer' }).click();
    await expect.poll(() => toast(page, 'Carer created successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('carer-card').filter({ hasText: 'Margaret Okonjo' }).count()).toBe(1);
    await page.screenshot({ path: `${shots}/carers-1280.png`, fullPage: true });

    // The second browser sees it arrive through socket.io, without a reload.
    await expect.poll(() => watcher.getByTestId('active-carer-count').textContent()).toBe('1');
    await expect.poll(() => watcher.getByTestId('carer-card').filter({ hasText: 'Margaret Okonjo' }).count()).toBe(1);

    // A second carer with the same employee ID is refused by the server.
    await page.getByRole('button', { name: 'Add Carer', exact: true }).click();
    await fillCarer(page, {
      'First name': 'Tom',
      'Last name': 'Rigby',
      Email: 'tom.rigby@example.org',
      'Employee ID': 'emp-7001',
      'Start date': '06/01/2025',
    });
    await page.getByRole('button', { name: 'Save Carer' }).click();
    await expect.poll(() => toast(page, 'Failed to create carer').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Employee ID already exists').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => page.getByTestId('carer-card').count()).toBe(1);

    // Search by name, employee ID and region; the search-variant empty state.
    const search = page.getByPlaceholder('Search carers by name, employee ID or region...');
    await search.fill('7001');
    await expect.poll(() => page.getByTestId('carer-card').count()).toBe(1);
    await search.fill('nobody like this');
    await expect.poll(() => page.getByText('No carers found matching your search.').isVisible()).toBe(true);
    await search.fill('');

    // Edit.
    await page.getByRole('button', { name: 'Edit Margaret Okonjo' }).click();
    await page.getByLabel('Last name', { exact: true }).fill('Okonjo-Reid');
    await page.getByRole('button', { name: 'Update Carer' }).click();
    await expect.poll(() => toast(page, 'Carer updated successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('carer-card').filter({ hasText: 'Margaret Okonjo-Reid' }).count()).toBe(1);
    await expect
      .poll(() => watcher.getByTestId('carer-card').filter({ hasText: 'Margaret Okonjo-Reid' }).count())
      .toBe(1);

    // Delete asks first, naming the person, with Cancel focused: Cancel keeps the carer.
    await page.getByRole('button', { name: 'Delete Margaret Okonjo-Reid' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete carer Margaret Okonjo-Reid?' });
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await page.keyboard.press('Enter');
    await expect.poll(() => question.count()).toBe(0);
    expect(await page.getByTestId('carer-card').filter({ hasText: 'Margaret Okonjo-Reid' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Margaret Okonjo-Reid' }).click();
    await question.getByRole('button', { name: 'Delete carer' }).click();
    await expect.poll(() => toast(page, 'Carer deleted successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No carers found.', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => watcher.getByTestId('active-carer-count').textContent()).toBe('0');
  }, 120_000);

  it('shows the first 50 carers with the count, loads more on request, and searches beyond the first page on the server', async () => {
    const page = await openPage('/carers');
    await expect.poll(() => page.getByRole('heading', { name: 'Carer Management' }).isVisible()).toBe(true);
    // 55 carers through the API (same origin, the page's session): more than one page of 50.
    const statuses = await page.evaluate(async () => {
      const replies: number[] = [];
      for (let n = 0; n < 55; n += 1) {
        const reply = await fetch('/api/carers', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Paged',
            lastName: `Carer ${String(n).padStart(2, '0')}`,
            email: `paged.${n}@example.org`,
            employeeId: `EMP-P${n}`,
            startDate: '2024-01-01',
          }),
        });
        replies.push(reply.status);
      }
      return replies;
    });
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    await page.reload();
    await expect.poll(() => page.getByText('Showing 50 of 55', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('carer-card').count()).toBe(50);
    expect(await page.getByTestId('carer-card').filter({ hasText: 'Paged Carer 54' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByText('Showing 55 of 55', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('carer-card').count()).toBe(55);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // The server finds what is not loaded yet: a fresh page, then a search for the last carer by surname.
    await page.reload();
    await expect.poll(() => page.getByText('Showing 50 of 55', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Search carers').fill('carer 54');
    await expect.poll(() => page.getByText('Showing 1 of 1', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('carer-card').filter({ hasText: 'Paged Carer 54' }).count()).toBe(1);
    await page.getByLabel('Search carers').fill('nobody like this');
    await expect
      .poll(() => page.getByText('No carers found matching your search.', { exact: true }).isVisible())
      .toBe(true);
  }, 120_000);

  it('shows the shell: sidebar entries with the active one highlighted, the header, and Page Not Found', async () => {
    const page = await openPage('/');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard Overview' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByPlaceholder('Search users, carers, clients...').isVisible()).toBe(true);
    const nav = page.getByRole('navigation').first();
    for (const label of [
      'Dashboard',
      'Scheduling',
      'Schedule Day',
      'Visits',
      'Care Plans',
      'Medications',
      'Finance',
      'Incidents',
      'Carers',
      'Clients',
      'Training',
      'Diary',
      'Reports',
      'Admin',
    ]) {
      await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    await nav.getByRole('link', { name: 'Carers', exact: true }).click();
    await expect.poll(() => page.url()).toBe(`${env.product.url}/carers`);
    await expect
      .poll(() => nav.getByRole('link', { name: 'Carers', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBeNull();
    await expect.poll(() => page.getByRole('button', { name: 'Back', exact: true }).isVisible()).toBe(true);
    await page.goto(`${env.product.url}/no-such-page`);
    await expect.poll(() => page.getByText('Page Not Found').isVisible()).toBe(true);
  }, 60_000);

  it('links the account that signs in as a carer on the edit form, shows it on the card, and unlinks it', async () => {
    const context = await env.signedInContext();
    const post = async (path: string, data: Record<string, unknown>) => {
      const reply = await context.request.fetch(`${env.product.url}${path}`, {
        method: 'POST',
        data,
        headers: { origin: env.product.url },
      });
      expect(reply.status(), await reply.text()).toBe(201);
    };
    await post('/api/users', {
      email: 'amelia.hughes@example.org',
      firstName: 'Amelia',
      lastName: 'Hughes',
      role: 'carer',
      password: 'carers e2e password 1',
    });
    await post('/api/carers', {
      firstName: 'Amelia',
      lastName: 'Hughes',
      email: 'amelia.hughes@example.org',
      employeeId: 'EMP-7101',
      startDate: '2024-09-02',
    });
    const page = await context.newPage();
    await page.goto(`${env.product.url}/carers`);
    // Another test adds a page of carers whose surnames sort first: find her with the server's search.
    await page.getByLabel('Search carers').fill('Amelia Hughes');
    const card = page.getByTestId('carer-card').filter({ hasText: 'Amelia Hughes' });
    await expect.poll(() => card.getByTestId('carer-account').textContent()).toBe('No account linked');

    await page.getByRole('button', { name: 'Edit Amelia Hughes' }).click();
    const account = page.getByRole('dialog').getByLabel('Signs in as');
    await expect
      .poll(() => account.locator('option').allTextContents())
      .toEqual(['No account linked', 'Amelia Hughes, amelia.hughes@example.org']);
    await account.selectOption({ label: 'Amelia Hughes, amelia.hughes@example.org' });
    await page.getByRole('button', { name: 'Update Carer' }).click();
    await expect.poll(() => toast(page, 'Carer updated successfully').isVisible()).toBe(true);
    await expect
      .poll(() => card.getByTestId('carer-account').textContent())
      .toBe('Signs in as Amelia Hughes, amelia.hughes@example.org');

    await page.getByRole('button', { name: 'Edit Amelia Hughes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    expect(await page.getByRole('dialog').getByLabel('Signs in as').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Update Carer' }).click();
    await expect.poll(() => card.getByTestId('carer-account').textContent()).toBe('No account linked');
  }, 90_000);

  it('uses the mobile layout at 390 px: top bar, bottom tabs, and the carers screen', async () => {
    const page = await openPage('/carers', 390, 844);
    await expect.poll(() => page.getByRole('link', { name: 'Schedule', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Carer Management' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/carers-390.png`, fullPage: true });
  }, 60_000);
});
