import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const carerUser = { email: 'grace.carer@example.org', password: 'clients e2e password 1' };
let carerUserId: string;

/** A command through the API as the administrator; answers the reply body. */
async function send(method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: Record<string, unknown>) {
  const reply = await admin.request.fetch(`${env.product.url}${path}`, {
    method,
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return (await reply.json()) as { id: string; revision: string };
}

const carer = (firstName: string, lastName: string, employeeId: string) =>
  send('POST', '/api/carers', {
    firstName,
    lastName,
    email: `${firstName}@example.org`.toLowerCase(),
    employeeId,
    startDate: '2024-03-01',
  });

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_clients');
  admin = await env.signedInContext();
  await carer('Amelia', 'Hughes', 'EMP-9001');
  await carer('Oliver', 'Patel', 'EMP-9002');
  carerUserId = (
    await send('POST', '/api/users', { ...carerUser, firstName: 'Grace', lastName: 'Roberts', role: 'carer' })
  ).id;
}, 180_000);
afterAll(async () => env?.stop());

async function openPage(context: BrowserContext, path = '/clients'): Promise<Page> {
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
/** Failures are toasts titled "Error" with the given description. */
async function expectErrorToast(page: Page, description: string) {
  const item = page.locator('.toast').filter({ has: page.locator('.toast-description', { hasText: description }) });
  await expect.poll(() => item.locator('.toast-title').allTextContents(), { message: description }).toEqual(['Error']);
}
const cards = (page: Page) => page.getByTestId('client-card');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const field = (page: Page, label: string) => page.getByRole('dialog').getByLabel(label, { exact: true });

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await field(page, label).fill(value);
}

async function addToList(page: Page, label: string, entries: string[]) {
  for (const entry of entries) {
    await field(page, label).fill(entry);
    await field(page, label).press('Enter');
  }
}

/** Texts of the card's visible parts, one string, to check what a user reads on it. */
const visibleText = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');

describe('Client Records in Chromium', () => {
  it('adds, searches, edits and deletes a client, with the form messages, empty states and toasts word for word', async () => {
    const page = await openPage(admin);
    await expect.poll(() => page.getByRole('heading', { name: 'Client Records' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No clients found.', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add First Client' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Add Client' }).isVisible()).toBe(true);
    expect(await field(page, 'Care level').inputValue()).toBe('low');

    // The required fields, word for word, before anything is sent.
    await page.getByRole('button', { name: 'Save Client' }).click();
    for (const message of [
      'Client ID is required',
      'First name is required',
      'Last name is required',
      'Date of birth is required',
      'Address is required',
      'Emergency contact is required',
      'Emergency phone is required',
    ]) {
      await expect
        .poll(() => page.getByRole('dialog').getByText(message, { exact: true }).isVisible(), { message })
        .toBe(true);
    }

    await fill(page, {
      'Client ID': 'CL-0042',
      'First name': 'Margaret',
      'Last name': 'Okonjo',
      'Date of birth': '12/04/1938',
      'Phone number': '0113 496 0001',
      Address: '12 Church Road, Leeds LS6 2AB',
      'Emergency contact': 'Susan Okonjo (daughter)',
      'Emergency phone': '07700 900123',
    });
    await field(page, 'Care level').selectOption('high');
    await field(page, 'Mobility level').selectOption('assisted');
    // Lists: trimmed, a duplicate refused, each entry removable.
    await addToList(page, 'Medical conditions', [
      '  Type 2 diabetes ',
      'Hypertension',
      'Asthma',
      'COPD',
      'hypertension',
    ]);
    await expect.poll(() => page.getByText('"hypertension" is already in the list').isVisible()).toBe(true);
    await field(page, 'Medical conditions').fill('');
    await page.getByRole('button', { name: 'Remove Asthma' }).click();
    await addToList(page, 'Medications', ['Metformin 500 mg twice daily']);
    await addToList(page, 'Allergies', ['Penicillin']);
    await field(page, 'Keyworker').selectOption({ label: 'Amelia Hughes (EMP-9001)' });
    await page.getByRole('dialog').getByLabel('Oliver Patel (EMP-9002)').check();
    await page.getByRole('dialog').getByLabel('Care instructions', { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/clients-form-1280.png` });
    await page.getByRole('button', { name: 'Save Client' }).click();
    await expect.poll(() => toast(page, 'Client created successfully').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The card: care level badge, keyworker, phone, address, two conditions and "+1", date of birth.
    const margaret = card(page, 'Margaret Okonjo');
    await expect.poll(() => margaret.count()).toBe(1);
    const text = await visibleText(margaret);
    for (const expected of [
      'CL-0042',
      'High',
      '12/04/1938',
      'Keyworker: Amelia Hughes',
      '0113 496 0001',
      '12 Church Road, Leeds LS6 2AB',
      'Type 2 diabetes',
      'Hypertension',
      '+1',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('COPD');
    await page.screenshot({ path: `${shots}/clients-1280.png`, fullPage: true });

    // A second client with the same client ID (other case) is refused by the server, under the field.
    await page.getByRole('button', { name: 'Add Client', exact: true }).click();
    await fill(page, {
      'Client ID': 'cl-0042',
      'First name': 'Arthur',
      'Last name': 'Bell',
      'Date of birth': '05/01/1930',
      Address: '3 Mill Lane, York YO24 1AA',
      'Emergency contact': 'Paul Bell',
      'Emergency phone': '07700 900456',
    });
    await page.getByRole('button', { name: 'Save Client' }).click();
    await expectErrorToast(page, 'Failed to create client');
    await expect
      .poll(() => page.getByRole('dialog').getByText('Client ID already exists', { exact: true }).isVisible())
      .toBe(true);
    await field(page, 'Client ID').fill('CL-0043');
    await page.getByRole('button', { name: 'Save Client' }).click();
    await expect.poll(() => toast(page, 'Client created successfully').isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(2);
    // Sorted by last name (polled: the list may draw again as the live push reloads it).
    await expect
      .poll(() => cards(page).getByRole('heading').allTextContents())
      .toEqual(['Arthur Bell', 'Margaret Okonjo']);

    // Search by name or client ID, and the search variant of the empty state.
    const search = page.getByPlaceholder('Search clients by name or client ID...');
    await search.fill('okonjo');
    await expect.poll(() => cards(page).count()).toBe(1);
    await search.fill('cl-0043');
    await expect.poll(() => cards(page).getByRole('heading').allTextContents()).toEqual(['Arthur Bell']);
    await search.fill('nobody like this');
    await expect
      .poll(() => page.getByText('No clients found matching your search.', { exact: true }).isVisible())
      .toBe(true);
    await search.fill('');

    // Edit: the form opens with the client's values; the change shows on the card.
    await page.getByRole('button', { name: 'Edit Margaret Okonjo' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Edit Client' }).isVisible()).toBe(true);
    expect(await field(page, 'Keyworker').locator('option:checked').textContent()).toBe('Amelia Hughes (EMP-9001)');
    expect(await page.getByRole('dialog').getByLabel('Oliver Patel (EMP-9002)').isChecked()).toBe(true);
    await field(page, 'Last name').fill('Okonjo-Reid');
    await field(page, 'Care level').selectOption('critical');
    await page.getByRole('button', { name: 'Remove Type 2 diabetes' }).click();
    await page.getByRole('button', { name: 'Update Client' }).click();
    await expect.poll(() => toast(page, 'Client updated successfully').isVisible()).toBe(true);
    const edited = card(page, 'Margaret Okonjo-Reid');
    await expect.poll(() => edited.count()).toBe(1);
    const editedText = await visibleText(edited);
    expect(editedText).toContain('Critical');
    expect(editedText).not.toContain('+1');
    expect(editedText).toContain('COPD');

    // Delete, after a confirmation naming the person.
    await page.getByRole('button', { name: 'Delete Margaret Okonjo-Reid' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete client Margaret Okonjo-Reid?' });
    await question.getByRole('button', { name: 'Delete client' }).click();
    await expect.poll(() => toast(page, 'Client deleted successfully').isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.close();
  }, 180_000);

  it('says "Failed to update client" for an edit made stale by someone else, and "Failed to delete client" when the delete fails', async () => {
    const created = await send('POST', '/api/clients', {
      clientId: 'CL-0100',
      firstName: 'Dorothy',
      lastName: 'Ashworth',
      dateOfBirth: '1941-11-30',
      address: '4 Mill Lane, York YO24 1AA',
      emergencyContact: 'Paul Ashworth',
      emergencyPhone: '07700 900789',
      careLevel: 'medium',
      medicalConditions: ['COPD'],
    });
    const page = await openPage(admin);
    await expect.poll(() => card(page, 'Dorothy Ashworth').count()).toBe(1);
    await page.getByRole('button', { name: 'Edit Dorothy Ashworth' }).click();
    // Someone else changes the client while the form is open.
    await send('PATCH', `/api/clients/${created.id}`, { phoneNumber: '07700 900001' });
    await field(page, 'Last name').fill('Ashworth-King');
    await page.getByRole('button', { name: 'Update Client' }).click();
    await expectErrorToast(page, 'Failed to update client');
    await expect
      .poll(() =>
        page
          .getByRole('dialog')
          .getByText('This record was changed by someone else. Reload it and try again.')
          .isVisible(),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // The service refuses the delete (as if unreachable): the client stays and the error toast shows.
    await page.route('**/api/clients/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Unavailable"}' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Delete Dorothy Ashworth' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete client' }).click();
    await expectErrorToast(page, 'Failed to delete client');
    expect(await card(page, 'Dorothy Ashworth').count()).toBe(1);
    await page.close();
  }, 120_000);

  it('shows a carer only the clients on their visits, without the write buttons, in the mobile layout at 390 px', async () => {
    // Grace's own carer record, and one visit tomorrow: of every client, she reads only that one.
    const grace = await send('POST', '/api/carers', {
      firstName: 'Grace',
      lastName: 'Roberts',
      email: carerUser.email,
      employeeId: 'EMP-9003',
      startDate: '2024-03-01',
      userId: carerUserId,
    });
    const visited = await send('POST', '/api/clients', {
      clientId: 'CL-0900',
      firstName: 'Harold',
      lastName: 'Whitaker',
      dateOfBirth: '1936-02-11',
      address: '9 Canal Street, Leeds',
      emergencyContact: 'June Whitaker',
      emergencyPhone: '07700 900456',
      careLevel: 'low',
    });
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    await send('POST', '/api/appointments', {
      clientId: visited.id,
      carerId: grace.id,
      scheduledStart: tomorrow,
      durationMinutes: 30,
    });

    const context = await env.signedInContext({ width: 390, height: 844 }, carerUser);
    const page = await openPage(context);
    await expect.poll(() => page.getByRole('heading', { name: 'Client Records' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Schedule', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect.poll(() => card(page, 'Harold Whitaker').count()).toBe(1);
    expect(await page.getByRole('button', { name: /Add Client|Add First Client|Edit|Delete/ }).count()).toBe(0);
    await page.screenshot({ path: `${shots}/clients-390.png`, fullPage: true });

    // The form at 390 px, as an administrator sees it.
    const adminPhone = await env.signedInContext({ width: 390, height: 844 });
    const adminPage = await openPage(adminPhone);
    await adminPage.getByRole('button', { name: 'Add Client', exact: true }).click();
    await expect.poll(() => adminPage.getByRole('dialog', { name: 'Add Client' }).isVisible()).toBe(true);
    await adminPage.screenshot({ path: `${shots}/clients-form-390.png` });
    await context.close();
    await adminPhone.close();
  }, 60_000);
});
