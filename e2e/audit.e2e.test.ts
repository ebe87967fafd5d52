import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, Page } from 'playwright-core';
import { pdfText } from '@care/documents/testing';
import { startE2eEnvironment, ukDateTime, type E2eEnvironment } from './support';

let env: E2eEnvironment;
const shots = '.test-results/screenshots';
const auditor = { email: 'iris.inspector@example.org', password: 'audit-e2e-password' };
let clientId: string;
let entryId: string;
let carerId: string;

async function post(
  request: APIRequestContext,
  method: 'post' | 'patch',
  path: string,
  data: unknown,
): Promise<{ id: string; position: string }> {
  const reply = await request[method](`${env.product.url}${path}`, { data, headers: { origin: env.product.url } });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return (await reply.json()) as { id: string; position: string };
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_audit');
  const admin = await env.signedInContext();
  await post(admin.request, 'post', '/api/users', {
    ...auditor,
    firstName: 'Iris',
    lastName: 'Inspector',
    role: 'auditor',
  });
  carerId = (
    await post(admin.request, 'post', '/api/carers', {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa.diaz@example.org',
      employeeId: 'EMP-AUD-1',
      startDate: '2024-03-01',
    })
  ).id;
  clientId = (
    await post(admin.request, 'post', '/api/clients', {
      clientId: 'CL-AUD-1',
      firstName: 'Edith',
      lastName: 'Marsh',
      dateOfBirth: '1938-05-14',
      address: '4 Mill Lane, Leeds',
      emergencyContact: 'Paul Marsh',
      emergencyPhone: '07700 900123',
      careLevel: 'medium',
    })
  ).id;
  await post(admin.request, 'patch', `/api/clients/${clientId}`, {
    careLevel: 'high',
    careInstructions: 'Two carers for transfers',
  });
  const entry = await post(admin.request, 'post', '/api/diary', {
    carerId,
    clientId,
    entryDate: '2026-03-04T09:15:00Z',
    title: 'Family concern',
    content: 'Daughter called about falls.',
    isConfidential: true,
  });
  entryId = entry.id;
  await admin.close();
  // The search reads the read model: wait, as the UI does after a write, until every projection has the entry.
  const auditorContext = await env.signedInContext(undefined, auditor);
  const caughtUp = await auditorContext.request.get(`${env.product.url}/api/audit/records?q=Edith`, {
    headers: { 'x-min-position': entry.position },
  });
  expect(caughtUp.status()).toBe(200);
  await auditorContext.close();
}, 180_000);
afterAll(async () => env?.stop());

async function openAudit(width = 1280, height = 900): Promise<Page> {
  const context = await env.signedInContext({ width, height }, auditor);
  const page = await context.newPage();
  await page.goto(`${env.product.url}/audit`);
  return page;
}

const field = (page: Page, name: string) =>
  page
    .getByTestId('audit-client-file')
    .locator('table')
    .first()
    .getByRole('row', { name: new RegExp(`^${name} `) });

describe('Audit screen in Chromium', () => {
  it('an auditor finds a client, moves back before a change and sees the old version, opens a confidential entry (logged) and exports the timeline', async () => {
    const page = await openAudit();
    // The sidebar offers the audit screen to an auditor.
    await expect.poll(() => page.getByRole('link', { name: 'Audit' }).first().isVisible()).toBe(true);

    await page.getByLabel('Search records').fill('Edith');
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByRole('button', { name: /Client Edith Marsh/ }).click();

    // Now: the client as it stands, its file with the confidential entry, and three events... two for the client.
    await expect.poll(() => field(page, 'careLevel').textContent()).toContain('high');
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(2);
    await page.screenshot({ path: `${shots}/audit-1280.png`, fullPage: true });

    // One event back: before the change, the old version.
    await page.getByRole('button', { name: 'Previous event' }).click();
    await expect.poll(() => field(page, 'careLevel').textContent()).toContain('medium');
    expect(await page.getByTestId('audit-instant').textContent()).toContain('1 of 2 events');
    expect(await page.getByTestId('audit-client-file').textContent()).not.toContain('Two carers for transfers');
    expect(await page.getByTestId('audit-client-file').textContent()).toContain(
      'No other records named the client by then.',
    );

    // The picker, in London time: a day before the client existed.
    const dayBefore = new Date(Date.now() - 86_400_000);
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(dayBefore)
      .replace(' ', 'T');
    await page.getByLabel('As of (London time)').fill(ukDateTime(wall));
    await page.getByLabel('As of (London time)').blur();
    await expect
      .poll(() => page.getByTestId('audit-client-file').textContent())
      .toContain('The client was not registered yet.');

    // Compare the day before with now, field by field.
    const nowWall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(new Date(Date.now() + 120_000))
      .replace(' ', 'T');
    await page.getByLabel('From (London time)').fill(ukDateTime(wall));
    await page.getByLabel('To (London time)').fill(ukDateTime(nowWall));
    await page.getByLabel('To (London time)').blur();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect.poll(() => page.getByTestId('audit-comparison').textContent()).toContain('careLevel: — → high');

    // Back to now, then open the confidential entry from the client file.
    await page.getByRole('button', { name: 'Now' }).click();
    await page.getByText('Diary entry', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Open its history' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Diary entry: Family concern' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row', { name: /^isConfidential / }).textContent()).toContain('yes');

    // Export the timeline PDF and read it back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export timeline (PDF)' }).click(),
    ]);
    const text = await pdfText(await readFile((await download.path())!));
    expect(text).toContain('Diary entry added');
    expect(text).toContain('Family concern');

    // The view was logged: who viewed what.
    await page.getByRole('tab', { name: 'Who viewed what' }).click();
    await expect
      .poll(() =>
        page
          .getByTestId('audit-views')
          .getByRole('row')
          .filter({ hasText: 'Confidential diary entry' })
          .filter({ hasText: `diary-entry-${entryId}` })
          .first()
          .textContent(),
      )
      .toContain('Iris Inspector');

    // A view logged elsewhere appears on the open list by itself (pushed), with no reload.
    const elsewhere = await env.signedInContext(undefined, auditor);
    const carerRecord = page
      .getByTestId('audit-views')
      .getByRole('row')
      .filter({ hasText: `carer-${carerId}` });
    expect(await carerRecord.count()).toBe(0); // nobody opened the carer yet
    expect((await elsewhere.request.get(`${env.product.url}/api/audit/records/carer-${carerId}`)).status()).toBe(200);
    await elsewhere.close();
    await expect.poll(() => carerRecord.count()).toBe(1);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const page = await openAudit(390, 844);
    await page.getByLabel('Search records').fill('Marsh');
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByRole('button', { name: /Client Edith Marsh/ }).click();
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(2);
    expect(await page.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/audit-390.png`, fullPage: true });
    await page.context().close();
  });

  it('gives the client file as of an instant exactly as the live screens showed it then, and steps a care plan back to its old version', async () => {
    const admin = await env.signedInContext();
    const haroldId = (
      await post(admin.request, 'post', '/api/clients', {
        clientId: 'CL-AUD-2',
        firstName: 'Harold',
        lastName: 'Pike',
        dateOfBirth: '1940-09-30',
        address: '7 Bridge Street, York',
        emergencyContact: 'Jean Pike',
        emergencyPhone: '07700 900321',
        careLevel: 'medium',
      })
    ).id;
    const planId = (
      await post(admin.request, 'post', '/api/care-plans', {
        clientId: haroldId,
        title: 'Morning support plan',
        description: 'Washing, dressing and breakfast.',
        objectives: ['Stay safe at home', 'Eat a hot breakfast daily'],
        goals: ['Dress independently'],
        reviewDate: '2027-01-15',
      })
    ).id;

    // The live screens, as a coordinator would read them before the changes.
    const screens = await admin.newPage();
    await screens.goto(`${env.product.url}/clients`);
    const clientCard = screens.getByTestId('client-card').filter({ hasText: 'Harold Pike' });
    await expect.poll(() => clientCard.locator('.care-level').getAttribute('title')).toBe('Care level: Medium');
    await screens.goto(`${env.product.url}/care-plans`);
    const planCard = screens.getByTestId('care-plan-card').filter({ hasText: 'Harold Pike' });
    const objectivesShown = () =>
      planCard.getByRole('region', { name: 'Objectives' }).getByRole('listitem').allInnerTexts();
    await expect.poll(objectivesShown).toEqual(['Stay safe at home', 'Eat a hot breakfast daily']);
    const shownBefore = {
      careLevel: 'Medium',
      planTitle: await planCard.getAttribute('aria-label'),
      objectives: await objectivesShown(),
    };
    const instant = new Date().toISOString();
    await expect.poll(() => Date.now()).toBeGreaterThan(Date.parse(instant));

    // Then the record changes, and the live screens with it.
    await post(admin.request, 'patch', `/api/clients/${haroldId}`, { careLevel: 'high' });
    await post(admin.request, 'patch', `/api/care-plans/${planId}`, {
      objectives: ['Stay safe at home', 'Walk to the shop weekly'],
      reason: 'Stronger after physiotherapy',
    });
    await expect.poll(objectivesShown).toEqual(['Stay safe at home', 'Walk to the shop weekly']);
    await screens.goto(`${env.product.url}/clients`);
    await expect.poll(() => clientCard.locator('.care-level').getAttribute('title')).toBe('Care level: High');
    await admin.close();

    // The auditor's client file as of that instant holds what the screens showed then.
    const auditorContext = await env.signedInContext({ width: 1280, height: 900 }, auditor);
    const reply = await auditorContext.request.get(
      `${env.product.url}/api/audit/clients/${haroldId}/file?asOf=${encodeURIComponent(instant)}`,
    );
    expect(reply.status()).toBe(200);
    const file = (await reply.json()) as {
      client: { state: Record<string, unknown> };
      records: { record: { kind: string }; state: Record<string, unknown> }[];
    };
    const plan = file.records.find((record) => record.record.kind === 'care-plan');
    const careLevelLabel = { low: 'Low', medium: 'Medium', high: 'High' }[file.client.state.careLevel as string];
    const content = plan?.state.content as { title: string; objectives: string[] };
    expect({
      careLevel: careLevelLabel,
      planTitle: `${content.title}, Harold Pike`,
      objectives: content.objectives,
    }).toEqual(shownBefore);

    // On the screen: open the care plan from the client file, then step back before the change.
    const page = await auditorContext.newPage();
    await page.goto(`${env.product.url}/audit`);
    await page.getByLabel('Search records').fill('Harold');
    await page.getByRole('button', { name: 'Find records' }).click();
    await page.getByRole('button', { name: /Client Harold Pike/ }).click();
    await page
      .getByTestId('audit-client-file')
      .locator('summary')
      .filter({ hasText: 'Care plan Morning support plan' })
      .click();
    await page.getByRole('button', { name: 'Open its history' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Care plan: Morning support plan' }).isVisible())
      .toBe(true);
    const objectivesRow = page.getByRole('row', { name: /^content\.objectives / });
    await expect.poll(() => objectivesRow.textContent()).toContain('Walk to the shop weekly');
    await expect.poll(() => page.getByTestId('audit-event').count()).toBe(2);
    expect(await page.getByTestId('audit-event').nth(1).textContent()).toContain('content.objectives');
    await page.getByRole('button', { name: 'Previous event' }).click();
    await expect.poll(() => objectivesRow.textContent()).toContain('Eat a hot breakfast daily');
    expect(await objectivesRow.textContent()).not.toContain('Walk to the shop weekly');
    expect(await page.getByTestId('audit-instant').textContent()).toContain('1 of 2 events');
    await page.screenshot({ path: `${shots}/audit-care-plan-1280.png`, fullPage: true });
    await auditorContext.close();
  });

  it('is not offered to a coordinator', async () => {
    const admin = await env.signedInContext();
    await post(admin.request, 'post', '/api/users', {
      email: 'cora@example.org',
      password: 'coordinator-e2e-pass',
      firstName: 'Cora',
      lastName: 'Ord',
      role: 'coordinator',
    });
    await admin.close();
    const context = await env.signedInContext(
      { width: 1280, height: 900 },
      { email: 'cora@example.org', password: 'coordinator-e2e-pass' },
    );
    const page = await context.newPage();
    await page.goto(`${env.product.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Carers' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    await context.close();
  });
});
