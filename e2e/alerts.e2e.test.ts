import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, londonToday } from '@care/events';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'alerts e2e password 1';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const coordinator = { email: 'rhona.blake@example.org', firstName: 'Rhona', lastName: 'Blake' };
const carer = { email: 'sam.okafor@example.org', firstName: 'Sam', lastName: 'Okafor' };
/** Minutes after a visit's start before the rules process raises it as running late (its smallest setting is 1). */
const GRACE_MINUTES = 15;
let carerId: string;
let clientId: string;

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
  // The timeliness policy looks every second, so a visit is raised as late moments after it passes its threshold.
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_alerts', {
    VISIT_LATE_GRACE_MINUTES: String(GRACE_MINUTES),
    VISIT_POLICY_INTERVAL_MS: '1000',
  });
  admin = await env.signedInContext(DESKTOP);
  const carerUser = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  await post(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  carerId = await post(admin.request, '/api/carers', {
    ...carer,
    userId: carerUser,
    employeeId: 'EMP-1501',
    startDate: '2024-03-01',
  });
  clientId = await post(admin.request, '/api/clients', {
    clientId: 'CL-1501',
    firstName: 'Ada',
    lastName: 'Whitfield',
    dateOfBirth: '1936-02-11',
    address: '3 Chapel Street, Leeds LS6 3JP',
    emergencyContact: 'Mark Whitfield',
    emergencyPhone: '07700 900456',
    careLevel: 'medium',
  });
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

/** The bell's accessible name carries the figure ("Alerts, 2 active"), whatever the badge shows. */
const bellName = (page: Page) => page.getByTestId('alert-bell').getAttribute('aria-label');
const tile = (page: Page, testId: string) => page.getByTestId(testId).innerText();

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * WCAG 2.2 A and AA findings of axe-core on what the page shows now (labels, roles, names, contrast): each rule
 * broken with the elements that break it. Evaluated through the debugging protocol, so the page's CSP allows it.
 */
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

/** Marks the document, so a later check can tell that the page was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.sameDocument = true');
}
const sameDocument = (page: Page) => page.evaluate("'sameDocument' in window");

/** Every request the page makes for the pushed figures after this point. */
function figureReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/alerts/count' || pathname === '/api/dashboard/stats') reads.push(pathname);
  });
  return reads;
}

describe('Alerts, the bell and the live dashboard in Chromium', () => {
  it('a late visit lights the bell and the Alerts tile of a second browser without a reload; acknowledging and resolving show everywhere', async () => {
    const mine = await open(admin, '/');
    const coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const theirs = await open(coordinatorContext, '/');
    for (const page of [mine, theirs]) {
      await expect.poll(() => bellName(page)).toBe('Alerts, 0 active');
      await expect.poll(() => tile(page, 'tile-alerts')).toBe('0');
      await expect.poll(() => page.getByText('No active alerts').first().isVisible()).toBe(true);
      await markDocument(page);
    }
    // Active Alerts and Quick Stats load apart from the Alerts table found above: wait for each to be drawn.
    await expect.poll(() => theirs.getByText('All systems running smoothly').isVisible()).toBe(true);
    await expect.poll(() => theirs.getByTestId('quick-satisfaction').innerText()).toBe('No ratings yet');
    const reads = figureReads(theirs);

    // A visit that has just passed its late threshold (its start plus the grace period), with nobody checked in.
    const start = new Date(Date.now() - GRACE_MINUTES * 60_000 - 2_000);
    await post(admin.request, '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: start.toISOString(),
      durationMinutes: 60,
      visitType: 'personal_care',
      tasks: ['Help with lunch'],
    });

    // The rules process raises it; the push reaches both browsers: bell, tile, the Alerts table and Active Alerts.
    for (const page of [theirs, mine]) {
      await expect.poll(() => bellName(page)).toBe('Alerts, 1 active');
      await expect.poll(() => page.getByTestId('alert-bell-count').innerText()).toBe('1');
      await expect.poll(() => tile(page, 'tile-alerts')).toBe('1');
      await expect.poll(() => page.getByTestId('dashboard-alert-row').count()).toBe(1);
      await expect.poll(() => page.getByTestId('active-alerts').getByText('Visit running late').isVisible()).toBe(true);
    }
    const row = theirs.getByTestId('dashboard-alert-row');
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(expect.arrayContaining(['1', 'Sam Okafor']));
    expect(await theirs.getByTestId('dashboard-alerts-range').innerText()).toBe('1 - 1 of 1');
    await theirs.screenshot({ path: `${shots}/dashboard-1280.png`, fullPage: true });
    expect(await accessibilityFindings(theirs)).toEqual([]);

    // The bell opens the latest alerts, with the way to the Alerts page; Escape closes it and focus returns.
    await theirs.getByTestId('alert-bell').click();
    const popover = theirs.getByRole('dialog', { name: 'Latest alerts' });
    await expect.poll(() => popover.getByText('Visit running late').isVisible()).toBe(true);
    expect(await popover.getByRole('link', { name: 'View all alerts' }).isVisible()).toBe(true);
    await theirs.screenshot({ path: `${shots}/alert-bell-1280.png` });
    expect(await accessibilityFindings(theirs)).toEqual([]);
    await theirs.keyboard.press('Escape');
    await expect.poll(() => popover.count()).toBe(0);
    expect(await theirs.getByTestId('alert-bell').evaluate((bell) => bell.matches(':focus'))).toBe(true);

    // The administrator acknowledges it from the dashboard: the bell and the tile drop on both screens, the row stays open.
    await mine.getByRole('button', { name: 'Acknowledge: Visit running late' }).click();
    await expect
      .poll(() =>
        mine
          .getByRole('button', { name: 'Resolve: Visit running late' })
          .evaluate((button) => button.matches(':focus')),
      )
      .toBe(true);
    for (const page of [theirs, mine]) {
      await expect.poll(() => bellName(page)).toBe('Alerts, 0 active');
      await expect.poll(() => tile(page, 'tile-alerts')).toBe('0');
      await expect.poll(() => page.getByTestId('dashboard-alert-row').getByText('Acknowledged').isVisible()).toBe(true);
    }

    // Resolving needs a note; then the alert leaves the Active list and shows under Inactive.
    await mine.getByRole('button', { name: 'Resolve: Visit running late' }).click();
    const dialog = mine.getByRole('dialog', { name: 'Resolve Alert' });
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => dialog.getByText('A note saying what was done is required').isVisible()).toBe(true);
    await dialog.getByLabel('What was done').fill('Phoned Sam: stuck in traffic, arrived 10 minutes later');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    for (const page of [theirs, mine]) {
      await expect.poll(() => page.getByTestId('dashboard-alert-row').count()).toBe(0);
      await expect.poll(() => page.getByText('No active alerts').first().isVisible()).toBe(true);
    }
    await theirs.getByRole('group', { name: 'Which alerts' }).getByRole('button', { name: 'Inactive' }).click();
    await expect.poll(() => theirs.getByTestId('dashboard-alert-row').count()).toBe(1);
    expect(await theirs.getByTestId('dashboard-alert-row').getByText('Visit running late').isVisible()).toBe(true);

    // All of it arrived by push: neither page was reloaded, and the figures were never read again.
    expect(await sameDocument(theirs)).toBe(true);
    expect(await sameDocument(mine)).toBe(true);
    expect(reads).toEqual([]);

    // The Alerts page: the resolved alert with who acknowledged and resolved it, and when.
    const alertsPage = await open(coordinatorContext, '/alerts');
    await alertsPage.getByRole('button', { name: 'Inactive' }).click();
    await expect.poll(() => alertsPage.getByTestId('alert-row').count()).toBe(1);
    await alertsPage.getByRole('button', { name: 'Details: Visit running late' }).click();
    const detail = alertsPage.getByTestId('alert-detail');
    await expect.poll(() => detail.isVisible()).toBe(true);
    const me = (await (await admin.request.get(`${env.product.url}/api/auth/user`)).json()) as {
      firstName: string;
      lastName: string;
    };
    const who = `${me.firstName} ${me.lastName}`;
    expect(await detail.getByRole('definition').filter({ hasText: who }).count()).toBe(2); // acknowledged and resolved by
    expect(await detail.getByText('Phoned Sam: stuck in traffic, arrived 10 minutes later').isVisible()).toBe(true);
    await alertsPage.screenshot({ path: `${shots}/alert-detail-1280.png` });
    expect(await accessibilityFindings(alertsPage)).toEqual([]);
    await coordinatorContext.close();
  }, 120_000);

  it('reopens, escalates and turns the alert into a task the coordinator works; the check-in clears it and the rating reaches Quick Stats', async () => {
    const alertsPage = await open(admin, '/alerts');
    const coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const dashboard = await open(coordinatorContext, '/');
    await expect.poll(() => tile(dashboard, 'tile-todo')).toBe('0');

    // Reopened with a reason: open again, and the bell counts it.
    await alertsPage.getByRole('button', { name: 'Inactive' }).click();
    await alertsPage.getByRole('button', { name: 'Reopen: Visit running late' }).click();
    const reopen = alertsPage.getByRole('dialog', { name: 'Reopen Alert' });
    await reopen.getByLabel('Reason').fill('Client says nobody came after all');
    await reopen.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => reopen.count()).toBe(0);
    await expect.poll(() => bellName(dashboard)).toBe('Alerts, 1 active');
    await alertsPage.getByRole('button', { name: 'Active', exact: true }).click();
    await expect.poll(() => alertsPage.getByTestId('alert-row').count()).toBe(1);

    // Escalated from high to critical with the reason; the detail says by whom and when.
    await alertsPage.getByRole('button', { name: 'Escalate: Visit running late' }).click();
    const escalate = alertsPage.getByRole('dialog', { name: 'Escalate Alert' });
    expect(await escalate.getByLabel('New severity').locator('option').allTextContents()).toEqual(['Critical']);
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    await expect.poll(() => escalate.getByText('Reason is required').isVisible()).toBe(true);
    await escalate.getByLabel('Reason').fill('Client is diabetic and missed lunch');
    await escalate.getByRole('button', { name: 'Escalate' }).click();
    await expect.poll(() => escalate.count()).toBe(0);
    await expect
      .poll(() => alertsPage.getByTestId('alert-row').getByText('Critical', { exact: true }).isVisible())
      .toBe(true);
    await alertsPage.getByRole('button', { name: 'Details: Visit running late' }).click();
    const detail = alertsPage.getByTestId('alert-detail');
    await expect.poll(() => detail.getByText('Client is diabetic and missed lunch').isVisible()).toBe(true);
    expect(await detail.getByText(/^To Critical by .+, \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).isVisible()).toBe(true);
    await alertsPage.keyboard.press('Escape');

    // Handed to the coordinator: the Status column says so.
    await alertsPage.getByRole('button', { name: 'Assign: Visit running late' }).click();
    const assign = alertsPage.getByRole('dialog', { name: 'Assign Alert' });
    await assign
      .getByLabel('Assign to')
      .selectOption({ label: `${coordinator.firstName} ${coordinator.lastName} (coordinator)` });
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect
      .poll(() => alertsPage.getByTestId('alert-row').getByText('Assigned to Rhona Blake').isVisible())
      .toBe(true);

    // A follow-up task in one step, handed to the coordinator: her To Do tile and Task Categories follow live.
    await alertsPage.getByRole('button', { name: 'Make task: Visit running late' }).click();
    const makeTask = alertsPage.getByRole('dialog', { name: 'Create Follow-up Task' });
    await makeTask
      .getByLabel('Assign to')
      .selectOption({ label: `${coordinator.firstName} ${coordinator.lastName} (coordinator)` });
    await makeTask.getByRole('button', { name: 'Create Task' }).click();
    await expect.poll(() => makeTask.count()).toBe(0);
    await expect.poll(() => tile(dashboard, 'tile-todo')).toBe('1');
    await expect
      .poll(() => dashboard.getByTestId('task-categories').getByRole('listitem').first().innerText())
      .toMatch(/^Care\s+1$/);

    // She opens the To Do tile: the open task, made from the alert, then starts and completes it.
    await dashboard.getByRole('link', { name: /^To Do Items/ }).click();
    await expect.poll(() => dashboard.url()).toBe(`${env.product.url}/tasks?open=true`);
    const task = dashboard.getByTestId('task-row').filter({ hasText: 'Follow up: Visit running late' });
    await expect.poll(() => task.isVisible()).toBe(true);
    for (const text of [
      'Care',
      'Urgent',
      'Pending',
      'Rhona Blake',
      'Client: Ada Whitfield · Carer: Sam Okafor · From an alert',
    ]) {
      expect(await task.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await task.getByRole('button', { name: 'Start: Follow up: Visit running late' }).click();
    await expect.poll(() => task.getByText('In progress', { exact: true }).isVisible()).toBe(true);
    // The Start button is gone; focus stays in the row, on its next action.
    await expect
      .poll(() =>
        task
          .getByRole('button', { name: 'Complete: Follow up: Visit running late' })
          .evaluate((button) => button.matches(':focus')),
      )
      .toBe(true);
    await task.getByRole('button', { name: 'Complete: Follow up: Visit running late' }).click();
    const complete = dashboard.getByRole('dialog', { name: 'Complete Task' });
    await complete.getByLabel('Notes (optional)').fill('Rang the family; lunch made by a neighbour');
    await complete.getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => task.count()).toBe(0);
    await dashboard.getByRole('group', { name: 'Which tasks' }).getByRole('button', { name: 'All' }).click();
    await expect.poll(() => task.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    expect(await task.getByText('Notes: Rang the family; lunch made by a neighbour').isVisible()).toBe(true);
    await dashboard.screenshot({ path: `${shots}/tasks-1280.png`, fullPage: true });
    expect(await accessibilityFindings(dashboard)).toEqual([]);

    // Sam checks in (late, with his reason): the rules process resolves the alert itself; then he checks out with a rating.
    await dashboard.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => bellName(dashboard)).toBe('Alerts, 1 active');
    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    await phone.grantPermissions(['geolocation'], { origin: env.product.url });
    await phone.setGeolocation({ latitude: 53.8008, longitude: -1.5491, accuracy: 10 });
    const carerPage = await open(phone, '/check-in');
    const card = carerPage.getByRole('article', { name: 'Visit to Ada Whitfield' });
    await card.getByRole('button', { name: 'Check In' }).click();
    const reasons = carerPage.getByRole('dialog');
    await reasons.getByLabel('Reason for late arrival').fill('Previous visit overran');
    await reasons.getByRole('button', { name: 'Check In' }).click();
    await expect.poll(() => card.getByText('In progress', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => bellName(dashboard)).toBe('Alerts, 0 active');
    await expect.poll(() => dashboard.getByText('No active alerts').first().isVisible()).toBe(true);

    const rating = card.getByRole('group', { name: 'Client rating (optional)' });
    expect(await rating.getByRole('radio').count()).toBe(6);
    expect(await rating.getByRole('radio', { name: 'No rating' }).isChecked()).toBe(true);
    await rating.getByRole('radio', { name: '4 of 5' }).check();
    await carerPage.screenshot({ path: `${shots}/check-out-rating-390.png`, fullPage: true });
    expect(await accessibilityFindings(carerPage)).toEqual([]);
    await card.getByRole('button', { name: 'Check Out' }).click();
    await expect.poll(() => card.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => dashboard.getByTestId('quick-satisfaction').innerText()).toBe('4.0/5');
    expect(await dashboard.getByText('From 1 rating at check-out').isVisible()).toBe(true);
    await Promise.all([coordinatorContext.close(), phone.close()]);
  }, 120_000);

  it('shows the dashboard on a phone (390 px): tiles, the bell in the top bar, no sideways scrolling', async () => {
    const phone = await env.signedInContext(PHONE, { email: coordinator.email, password: PASSWORD });
    const page = await open(phone, '/');
    await expect.poll(() => bellName(page)).toMatch(/^Alerts, \d+ active$/);
    for (const testId of ['tile-todo', 'tile-alerts', 'tile-unrecorded', 'tile-welfare', 'tile-incidents']) {
      await expect.poll(() => page.getByTestId(testId).isVisible(), { message: testId }).toBe(true);
    }
    expect(await page.getByRole('banner').getByTestId('alert-bell').isVisible()).toBe(true);
    expect(await page.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${shots}/dashboard-390.png`, fullPage: true });
    expect(await accessibilityFindings(page)).toEqual([]);
    // The bell in the top bar opens the same list.
    await page.getByTestId('alert-bell').click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Latest alerts' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/alert-bell-390.png` });
    expect(await accessibilityFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // Each tile opens the list behind its figure.
    await page.getByRole('link', { name: /^Unrecorded Visits/ }).click();
    await expect.poll(() => page.url()).toBe(`${env.product.url}/visits?unrecorded=true`);
    await expect.poll(() => page.getByText(/Unrecorded visits:/).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: /^Welfare Concerns/ }).click();
    await expect.poll(() => page.url()).toBe(`${env.product.url}/diary?welfare=true`);
    await expect.poll(() => page.getByText('No welfare concerns.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('link', { name: /^Alerts/ }).click();
    await expect.poll(() => page.url()).toBe(`${env.product.url}/alerts`);
    await phone.close();

    // A carer's dashboard: only their own figures, no welfare or incident tiles, no alert actions.
    const carerPhone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const own = await open(carerPhone, '/');
    await expect.poll(() => own.getByTestId('tile-alerts').isVisible()).toBe(true);
    expect(await own.getByRole('list', { name: 'Key figures' }).getByRole('link').allInnerTexts()).toEqual([
      expect.stringMatching(/^To Do Items/),
      expect.stringMatching(/^Alerts/),
      expect.stringMatching(/^Unrecorded Visits/),
    ]);
    expect(await own.getByRole('button', { name: 'Schedule Appointment' }).count()).toBe(0);
    expect(await own.getByRole('link', { name: 'Generate Report' }).isVisible()).toBe(true);
    expect(await accessibilityFindings(own)).toEqual([]);
    await carerPhone.close();
  }, 60_000);

  it('creates a task in the New Task dialog and marks an overdue one as such, on the desktop and on a phone', async () => {
    const page = await open(admin, '/tasks');
    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    // The API's own rules, before anything is sent.
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect.poll(() => dialog.getByText('Title is required').isVisible()).toBe(true);
    expect(await dialog.getByText(/^Category must be one of/).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Title').evaluate((input) => input.matches(':focus'))).toBe(true);
    await dialog.getByLabel('Title').fill('Order more gloves');
    expect(await dialog.getByText('Title is required').count()).toBe(0);
    await dialog.getByLabel('Type').selectOption({ label: 'Paperwork' });
    await dialog.getByLabel('Category').selectOption({ label: 'Administration' });
    await dialog.getByLabel('Priority').selectOption({ label: 'High' });
    await dialog.getByLabel('Due date').fill(ukDate(addDays(londonToday(), -1)));
    await dialog
      .getByLabel('Assign to')
      .selectOption({ label: `${coordinator.firstName} ${coordinator.lastName} (coordinator)` });
    await page.screenshot({ path: `${shots}/new-task-1280.png` });
    expect(await accessibilityFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const task = page.getByTestId('task-row').filter({ hasText: 'Order more gloves' });
    await expect.poll(() => task.isVisible()).toBe(true);
    for (const text of ['Administration', 'High', 'Pending', 'Overdue', 'Rhona Blake']) {
      expect(await task.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    // Overdue only: the late task and not the completed follow-up; Mine: none of the administrator's own.
    await page.getByLabel('Overdue only').check();
    await expect.poll(() => page.getByTestId('task-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Mine' }).click();
    await expect.poll(() => page.getByText('No overdue tasks.').isVisible()).toBe(true);

    // On her phone the coordinator sees it among her open tasks, marked overdue; the Alerts page fits the phone too.
    const phone = await env.signedInContext(PHONE, { email: coordinator.email, password: PASSWORD });
    const tasks = await open(phone, '/tasks?open=true');
    const mine = tasks.getByTestId('task-row').filter({ hasText: 'Order more gloves' });
    await expect.poll(() => mine.getByText('Overdue', { exact: true }).isVisible()).toBe(true);
    expect(await tasks.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await tasks.screenshot({ path: `${shots}/tasks-390.png`, fullPage: true });
    expect(await accessibilityFindings(tasks)).toEqual([]);
    const alerts = await open(phone, '/alerts');
    await alerts.getByRole('button', { name: 'Inactive' }).click();
    // The resolved alert of the tests above (the list's empty state when this test runs alone).
    await expect
      .poll(
        async () =>
          (await alerts.getByTestId('alert-row').count()) > 0 || alerts.getByText('No resolved alerts').isVisible(),
      )
      .toBe(true);
    expect(await alerts.locator('html').evaluate((element) => element.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await alerts.screenshot({ path: `${shots}/alerts-390.png`, fullPage: true });
    expect(await accessibilityFindings(alerts)).toEqual([]);
    await phone.close();
  }, 60_000);
});
