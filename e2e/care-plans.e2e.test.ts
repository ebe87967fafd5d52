import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday, londonWallClockOf } from '@care/events';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment, ukDate, ukDateTime } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'care plans e2e password 1';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const coordinator = { email: 'priya.shah@example.org', firstName: 'Priya', lastName: 'Shah' };
const carer = { email: 'owen.price@example.org', firstName: 'Owen', lastName: 'Price' };
const PERSONAL_CARE_TASKS = ['Help with a strip wash', 'Help to dress', 'Make breakfast'];
const today = londonToday();

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_care_plans');
  admin = await env.signedInContext(DESKTOP);
  const carerUser = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  await post(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  await post(admin.request, '/api/carers', {
    ...carer,
    userId: carerUser,
    employeeId: 'EMP-1901',
    startDate: '2024-03-01',
  });
  await post(admin.request, '/api/clients', {
    clientId: 'CL-1901',
    firstName: 'Ada',
    lastName: 'Whitfield',
    dateOfBirth: '1936-02-11',
    address: '3 Chapel Street, Leeds LS6 3JP',
    emergencyContact: 'Mark Whitfield',
    emergencyPhone: '07700 900456',
    careLevel: 'medium',
    allergies: ['Penicillin'],
    medicalConditions: ['Osteoarthritis'],
  });
  // An administrator's template: the starting point the coordinator picks.
  await post(admin.request, '/api/care-plans/templates', {
    name: 'Personal care',
    kind: 'personal_care',
    title: 'Personal care plan',
    description: 'Support with washing, dressing and breakfast each morning.',
    objectives: ['Stay living at home safely', 'Keep skin healthy'],
    interventions: ['Strip wash with a long-handled sponge'],
    goals: ['Dress independently'],
    visitTasks: [{ visitType: 'personal_care', tasks: PERSONAL_CARE_TASKS }],
  });
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.2 A and AA findings of axe-core on what the page shows now: each rule broken with its elements. */
async function accessibilityFindings(page: Page): Promise<{ rule: string; targets: string[] }[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(await axeSource);
  const results = (await page.evaluate(
    "window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })",
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

const card = (page: Page) => page.getByTestId('care-plan-card').filter({ hasText: 'Ada Whitfield' });
const figure = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe('Care Planner in Chromium', () => {
  it('an administrator adds and edits a template on the Templates tab', async () => {
    const page = await open(admin, '/care-plans');
    await page.getByRole('button', { name: 'Templates', exact: true }).click();
    await expect.poll(() => page.getByTestId('template-card').count()).toBe(1);
    await page.getByRole('button', { name: 'Add Template' }).click();
    const form = page.getByRole('dialog', { name: 'Add Template' });
    await form.getByLabel('Template name').fill('Dementia');
    await form.getByLabel('Kind of care').selectOption('dementia');
    await form.getByLabel('Plan title').fill('Dementia care plan');
    await form.getByRole('textbox', { name: 'Companionship' }).fill('Look through the memory book');
    await form.getByRole('textbox', { name: 'Companionship' }).press('Enter');
    await form.getByRole('button', { name: 'Add Template' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const dementia = page.getByTestId('template-card').filter({ hasText: 'Dementia care plan' });
    await expect.poll(() => dementia.getByText('Look through the memory book').isVisible()).toBe(true);

    await dementia.getByRole('button', { name: 'Edit template Dementia' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit template: Dementia' });
    await edit.getByLabel('Plan title').fill('Living well with dementia');
    await edit.getByRole('button', { name: 'Save template' }).click();
    await expect
      .poll(() => page.getByTestId('template-card').filter({ hasText: 'Living well with dementia' }).count())
      .toBe(1);
    // Coordinators use templates; only administrators add or edit them.
    const coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const theirs = await open(coordinatorContext, '/care-plans');
    await theirs.getByRole('tab', { name: 'Templates' }).click();
    await expect.poll(() => theirs.getByTestId('template-card').count()).toBe(2);
    expect(await theirs.getByRole('button', { name: 'Add Template' }).count()).toBe(0);
    await coordinatorContext.close();
  });

  it('a coordinator creates a plan from a template, agrees it, updates and compares versions, schedules a review; a visit then carries the tasks to the carer', async () => {
    const coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const page = await open(coordinatorContext, '/care-plans');
    await expect.poll(() => page.getByRole('heading', { name: 'Care Planner' }).isVisible()).toBe(true);
    await expect.poll(() => figure(page, 'care-plans-active')).toBe('0');
    expect(await page.getByTestId('quality-rule').innerText()).toContain('share of 9 checks');

    // New Care Plan from the template: the template fills the plan, the client record its allergies and contact.
    await page.getByRole('button', { name: 'New Care Plan' }).click();
    const form = page.getByRole('dialog', { name: 'New Care Plan' });
    await form.getByLabel('Client').selectOption({ label: 'Ada Whitfield (CL-1901)' });
    await expect
      .poll(() => form.getByLabel('Start from template').locator('option', { hasText: 'Personal care' }).count())
      .toBe(1);
    await form.getByLabel('Start from template').selectOption({ label: 'Personal care' });
    expect(await form.getByLabel('Title').inputValue()).toBe('Personal care plan');
    expect(await form.getByText('Penicillin').isVisible()).toBe(true);
    await form.getByLabel('Review date').fill(ukDate(addDays(today, 20)));
    await form.getByLabel('Falls', { exact: true }).selectOption('high');
    await form.getByLabel('Falls notes').fill('Two falls this year');
    expect(await accessibilityFindings(page)).toEqual([]);
    await form.getByRole('button', { name: 'Create Care Plan' }).click();
    await expect.poll(() => form.count()).toBe(0);

    // The card and the figures follow at once.
    await expect.poll(() => card(page).count()).toBe(1);
    for (const text of [
      'Personal care plan',
      'Stay living at home safely',
      'Penicillin',
      'Osteoarthritis',
      'Mark Whitfield (Emergency contact), 07700 900456',
      'No medications recorded',
      'Version 1 not agreed',
    ]) {
      await expect.poll(() => card(page).getByText(text).first().isVisible(), { message: text }).toBe(true);
    }
    await expect.poll(() => figure(page, 'care-plans-active')).toBe('1');
    expect(await figure(page, 'care-plans-due')).toBe('1');
    expect(await figure(page, 'care-plans-high-risk')).toBe('1');
    await page.screenshot({ path: `${shots}/care-plans-1280.png`, fullPage: true });
    expect(await accessibilityFindings(page)).toEqual([]);

    // Agree version 1 (View, on Active Plans).
    await page.getByRole('tab', { name: 'Active Plans' }).click();
    await card(page).getByRole('button', { name: 'View', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Care plan' });
    await detail.getByLabel('Agreed by').fill('Ada Whitfield');
    await detail.getByLabel('Relationship to the client').fill('Client');
    await detail.getByRole('button', { name: 'Record agreement to version 1' }).click();
    await expect.poll(() => detail.getByText('Agreed by Ada Whitfield on').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => card(page).getByText('Version 1 agreed').isVisible()).toBe(true);

    // Update: a new version with the reason.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await card(page).getByRole('button', { name: 'Update' }).click();
    const update = page.getByRole('dialog', { name: 'Update care plan: Ada Whitfield' });
    await update.getByRole('textbox', { name: 'Goals' }).fill('Walk to the corner shop');
    await update.getByRole('textbox', { name: 'Goals' }).press('Enter');
    await update.getByLabel('Why it changed').fill('New goal after physiotherapy');
    await update.getByRole('button', { name: 'Save new version' }).click();
    await expect.poll(() => update.count()).toBe(0);
    await expect.poll(() => card(page).getByText('Version 2 not agreed').isVisible()).toBe(true);

    // Compare versions 1 and 2, field by field.
    await page.getByRole('tab', { name: 'Active Plans' }).click();
    await card(page).getByRole('button', { name: 'View', exact: true }).click();
    const diff = detail.getByTestId('version-diff');
    await expect.poll(() => diff.isVisible()).toBe(true);
    expect(await diff.getByRole('row').nth(1).innerText()).toContain('Goals');
    expect(await diff.getByText('+ Walk to the corner shop').isVisible()).toBe(true);
    expect(await detail.getByTestId('plan-version').count()).toBe(2);
    // Any earlier version can be read as it stood.
    await detail.getByRole('button', { name: 'Show version 1' }).click();
    const earlier = detail.getByTestId('version-content');
    await expect.poll(() => earlier.getByText('Dress independently').isVisible()).toBe(true);
    expect(await earlier.getByText('Walk to the corner shop').count()).toBe(0);
    expect(await detail.getByText('New goal after physiotherapy').first().isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/care-plan-detail-1280.png` });
    expect(await accessibilityFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // Schedule Review on Due for Review.
    await page.getByRole('tab', { name: 'Due for Review' }).click();
    await card(page).getByRole('button', { name: 'Schedule Review' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule Review' });
    await schedule.getByLabel('Review date').fill(ukDate(addDays(today, 25)));
    await schedule.getByLabel('Reason').fill('Physio review first');
    await schedule.getByRole('button', { name: 'Schedule Review' }).click();
    await expect.poll(() => schedule.count()).toBe(0);
    await expect
      .poll(() =>
        card(page)
          .getByText(`${ukDate(addDays(today, 25))} (in 25 days)`)
          .isVisible(),
      )
      .toBe(true);

    // The review itself, from View Plan: the plan was updated since it started, so the outcome names version 2.
    await card(page).getByRole('button', { name: 'View Plan' }).click();
    const reviewIn = page.getByRole('dialog', { name: 'Care plan' }).getByRole('region', { name: 'Reviews' });
    await reviewIn.getByLabel('Outcome').selectOption('updated');
    await reviewIn.getByLabel('Notes').fill('Met Ada and her son at home');
    await reviewIn.getByRole('button', { name: 'Record Review' }).click();
    await expect.poll(() => reviewIn.getByText(/plan updated \(version 2\)/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    // Reviewed: no longer due within 30 days.
    await expect.poll(() => card(page).count()).toBe(0);
    await expect.poll(() => figure(page, 'care-plans-due')).toBe('0');

    // View Full Plan: the PDF is a real document.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await card(page).getByRole('button', { name: 'View Full Plan' }).click();
    const full = page.getByRole('dialog', { name: 'Full care plan' });
    await expect.poll(() => full.getByText('Walk to the corner shop').isVisible()).toBe(true);
    const href = await full.getByTestId('plan-pdf').getAttribute('href');
    const pdf = await coordinatorContext.request.get(`${env.product.url}${href}`);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.keyboard.press('Escape');

    // A visit scheduled now, without tasks of its own, gets the plan's personal care tasks on the carer's phone.
    // Scheduled on Visit Tracking's Schedule Visit form, with the Tasks field left empty.
    const visitsPage = await open(coordinatorContext, '/visits');
    await visitsPage.getByRole('button', { name: 'Schedule Visit' }).click();
    const booking = visitsPage.getByRole('dialog', { name: 'Schedule Visit' });
    await booking.getByLabel('Client').selectOption({ label: 'Ada Whitfield (CL-1901)' });
    await booking.getByLabel('Carer').selectOption({ label: 'Owen Price' });
    await booking.getByLabel('Date and time').fill(ukDateTime(londonWallClockOf(new Date(Date.now() + 30 * 60_000))));
    await booking.getByLabel('Duration (minutes)').fill('60');
    await booking.getByLabel('Visit type').selectOption('personal_care');
    expect(
      await booking
        .getByText("Left empty, the visit gets the tasks of the client's care plan for its visit type.")
        .isVisible(),
    ).toBe(true);
    await booking.getByRole('button', { name: 'Save Appointment' }).click();
    await expect.poll(() => booking.count()).toBe(0);
    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const checkIn = await open(phone, '/check-in');
    const visit = checkIn.getByRole('article', { name: 'Visit to Ada Whitfield' });
    await expect.poll(() => visit.isVisible()).toBe(true);
    // The card's own task list: Before you go in, closed, names the plan's tasks too.
    const tasks = visit.getByRole('list', { name: 'Tasks', exact: true });
    for (const task of PERSONAL_CARE_TASKS)
      await expect.poll(() => tasks.getByText(task, { exact: true }).isVisible(), { message: task }).toBe(true);

    // The carer reads the plan of the client they visit, and cannot change it.
    const carerPlans = await open(phone, '/care-plans');
    await expect.poll(() => card(carerPlans).count()).toBe(1);
    expect(await carerPlans.getByRole('button', { name: 'New Care Plan' }).count()).toBe(0);
    expect(await card(carerPlans).getByRole('button', { name: 'Update' }).count()).toBe(0);
    await carerPlans.screenshot({ path: `${shots}/care-plans-390.png`, fullPage: true });
    expect(await accessibilityFindings(carerPlans)).toEqual([]);
    // No horizontal scrolling at 390 px (evaluated in the page, as text: this file is compiled without the DOM types).
    const overflow = await carerPlans.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
