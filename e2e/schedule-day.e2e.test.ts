import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { londonToday, type AppointmentView } from '@care/events';
import { formatLongDate } from '../ui/src/features/schedule-day/long-date';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
let coordinator: BrowserContext;
const shots = '.test-results/screenshots';
const coordinatorUser = {
  email: 'grace.okafor@example.org',
  firstName: 'Grace',
  lastName: 'Okafor',
  password: 'schedule e2e password 1',
};
const today = londonToday();

async function send(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

const client = (clientId: string, firstName: string, lastName: string, address: string) => ({
  clientId,
  firstName,
  lastName,
  dateOfBirth: '1938-05-14',
  address,
  phoneNumber: '0113 496 0000',
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
});

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_schedule_day');
  admin = await env.signedInContext();
  await send(admin.request, '/api/users', { ...coordinatorUser, role: 'coordinator' });
  await send(admin.request, '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia.hussain@example.org',
    employeeId: 'EMP-701',
    startDate: '2024-03-01',
    phoneNumber: '07700 900456',
  });
  await send(admin.request, '/api/clients', client('CL-0001', 'Edith', 'Green', '4 Mill Lane, Leeds LS6 2AB'));
  await send(admin.request, '/api/clients', client('CL-0002', 'Walter', 'Pemberton', '12 Park Road, Leeds LS8 1AA'));
  coordinator = await env.signedInContext({ width: 1280, height: 900 }, coordinatorUser);
  // A missing control fails the step with its name instead of the whole test timing out.
  coordinator.setDefaultTimeout(10_000);
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const visible = (scope: Page | Locator, text: string | RegExp) =>
  expect
    .poll(
      () =>
        scope
          .getByText(text, typeof text === 'string' ? { exact: true } : undefined)
          .first()
          .isVisible(),
      { message: String(text) },
    )
    .toBe(true);
/** How many timeline blocks cut their client's name or time range (text wider or taller than its box). */
const cutBlocks = (page: Page) =>
  page
    .getByTestId('timeline-block')
    .evaluateAll(
      (blocks) =>
        blocks.filter((block) =>
          [block, ...block.querySelectorAll('.timeline-block-client, .timeline-block-time')].some(
            (part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1,
          ),
        ).length,
    );
const cardValue = (page: Page, testId: string) => page.getByTestId(testId).textContent();

async function expectCards(page: Page, figures: Record<string, string>) {
  for (const [testId, value] of Object.entries(figures))
    await expect.poll(() => cardValue(page, testId), { message: testId }).toBe(value);
}

describe('Daily Schedule, Visit Tracking and Recent Appointments in Chromium', () => {
  it('adds an appointment, refuses a double booking, cancels and edits on the daily schedule', async () => {
    const page = await open(coordinator, '/schedule-day');
    await expect.poll(() => page.getByRole('heading', { name: 'Daily Schedule' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('schedule-long-date').textContent()).toBe(formatLongDate(today));
    expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(ukDate(today));
    await visible(page, 'No appointments scheduled for this day');
    await expectCards(page, {
      'schedule-total': '0',
      'schedule-active-carers': '0',
      'schedule-total-hours': '0.0 h',
      'schedule-in-progress': '0',
    });

    // Add Appointment: a client with a carer today.
    await page.getByRole('button', { name: 'Add Appointment' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Add Appointment' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Save Appointment' }).click();
    await visible(dialog, 'Client is required');
    await dialog.getByLabel('Client').selectOption({ label: 'Edith Green (CL-0001)' });
    await dialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain' });
    const start = await dialog.getByLabel('Date and time').inputValue();
    expect(start.slice(0, 10)).toBe(ukDate(today));
    await dialog.getByLabel('Duration (minutes)').fill('30');
    await dialog.getByLabel('Visit type').selectOption('medication');
    await dialog.getByLabel('Tasks').fill('Morning tablets');
    await dialog.getByLabel('Tasks').press('Enter');
    await dialog.getByLabel('Notes').fill('Key safe by the back door');
    await dialog.getByRole('button', { name: 'Save Appointment' }).click();
    await visible(page, 'Appointment scheduled successfully');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // The timeline: Nadia's row with the visit's block, the client's name and the whole time range uncut.
    const block = page.getByTestId('timeline-block');
    await expect.poll(() => block.count()).toBe(1);
    await visible(block, 'Edith Green');
    await visible(page.getByTestId('timeline-row'), 'Nadia Hussain');
    const hour = Number(start.slice(11, 13));
    const clock = (value: number) => `${String(value).padStart(2, '0')}:00`;
    await visible(block, `${clock(hour)}–${start.slice(11, 13)}:30`);
    expect(await cutBlocks(page)).toBe(0);
    // The axis holds the hours in use only: an hour before the visit to an hour after it ends.
    expect(await page.getByTestId('timeline-range').textContent()).toBe(
      `Hours shown: ${clock(hour - 1)}–${clock(Math.min(24, hour + 2))}`,
    );
    // A key says what each block colour means.
    expect(await page.getByRole('list', { name: 'Colour key' }).getByRole('listitem').allTextContents()).toEqual([
      'Scheduled',
      'In progress',
      'Completed',
      'Missed or no show',
      'Cancelled',
    ]);
    await expectCards(page, {
      'schedule-total': '1',
      'schedule-active-carers': '1',
      'schedule-total-hours': '0.5 h',
      'schedule-in-progress': '0',
    });
    await page.screenshot({ path: `${shots}/schedule-day-timeline-1280.png`, fullPage: true });

    // The same carer at an overlapping time: the clash is shown under Carer, and the visit can go unassigned instead.
    await page.getByRole('button', { name: 'Add Appointment' }).first().click();
    await dialog.getByLabel('Client').selectOption({ label: 'Walter Pemberton (CL-0002)' });
    await dialog.getByLabel('Carer').selectOption({ label: 'Nadia Hussain' });
    await dialog.getByLabel('Date and time').fill(start);
    await dialog.getByRole('button', { name: 'Save Appointment' }).click();
    await visible(dialog, /^Carer is already booked/);
    await visible(page, 'Failed to schedule appointment');
    await page.screenshot({ path: `${shots}/schedule-day-clash-1280.png` });
    await dialog.getByLabel('Carer').selectOption({ label: 'Unassigned' });
    await dialog.getByRole('button', { name: 'Save Appointment' }).click();
    await visible(page, 'Appointment scheduled successfully');
    await expect.poll(() => block.count()).toBe(2);
    await visible(page.getByTestId('timeline-row'), 'Unassigned');

    // List View, sorted by start, with the details.
    await page.getByRole('button', { name: 'List View' }).click();
    const items = page.getByTestId('schedule-item');
    await expect.poll(() => items.count()).toBe(2);
    const edith = items.filter({ hasText: 'Edith Green' });
    for (const text of ['4 Mill Lane, Leeds LS6 2AB', 'Medication', 'Scheduled', 'Key safe by the back door'])
      await visible(edith, text);
    await visible(edith, /Nadia Hussain/);

    // Cancel with a reason (required).
    const walter = items.filter({ hasText: 'Walter Pemberton' });
    await walter.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Cancel Appointment' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await visible(dialog, 'Cancellation reason is required');
    await dialog.getByLabel('Cancellation reason').fill('Client admitted to hospital');
    await dialog.getByRole('button', { name: 'Cancel Appointment' }).click();
    await visible(page, 'Appointment cancelled successfully');
    await visible(walter, 'Cancelled');
    await visible(walter, 'Cancelled: Client admitted to hospital');
    expect(await walter.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await expectCards(page, { 'schedule-total': '2', 'schedule-active-carers': '1', 'schedule-total-hours': '0.5 h' });

    // Edit: a longer visit.
    await edith.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Edit Appointment' }).isVisible()).toBe(true);
    await dialog.getByLabel('Duration (minutes)').fill('60');
    await dialog.getByRole('button', { name: 'Update Appointment' }).click();
    await visible(page, 'Appointment updated successfully');
    await expectCards(page, { 'schedule-total-hours': '1.0 h' });
    await page.screenshot({ path: `${shots}/schedule-day-list-1280.png`, fullPage: true });
    await page.close();
  });

  it("shows today's visits on the dashboard and on Visit Tracking, which follows a check-in live", async () => {
    const dashboard = await open(coordinator, '/');
    const recent = dashboard.getByRole('region', { name: 'Recent Appointments' });
    await expect.poll(() => recent.getByTestId('recent-appointment').count()).toBe(2);
    const edithRow = recent.getByTestId('recent-appointment').filter({ hasText: 'Edith Green' });
    for (const text of ['Medication', 'scheduled']) await visible(edithRow, text);
    await visible(recent.getByTestId('recent-appointment').filter({ hasText: 'Walter Pemberton' }), 'cancelled');
    expect(await recent.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/appointments');
    await dashboard.screenshot({ path: `${shots}/dashboard-recent-appointments-1280.png`, fullPage: true });
    await dashboard.close();

    const page = await open(coordinator, '/visits');
    await expect.poll(() => page.getByRole('heading', { name: 'Visit Tracking' }).isVisible()).toBe(true);
    await expectCards(page, {
      'visits-today': '2',
      'visits-completed': '0',
      'visits-in-progress': '0',
      'visits-missed': '0',
      'visits-completion-rate': '0.0%',
    });
    const cards = page.getByTestId('visit-card');
    await expect.poll(() => cards.count()).toBe(2);
    const edith = cards.filter({ hasText: 'Edith Green' });
    await visible(edith, 'Nadia Hussain');
    await visible(edith, '0/1');
    expect(await edith.getByRole('link', { name: 'Contact Carer' }).getAttribute('href')).toBe('tel:07700900456');
    expect(await edith.getByRole('link', { name: 'Contact Client' }).getAttribute('href')).toBe('tel:01134960000');

    await page.getByRole('searchbox', { name: 'Search visits' }).fill('NADIA');
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search visits' }).fill('');
    await page.getByLabel('Status').selectOption({ label: 'Scheduled' });
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByLabel('Status').selectOption({ label: 'All statuses' });

    await page.getByRole('tab', { name: 'Live Tracking' }).click();
    await visible(page, 'No visits in progress.');

    // The carer checks in (recorded here by the administrator): the screen follows without a reload.
    const list = await admin.request.get(`${env.product.url}/api/appointments?today=true`);
    const edithVisit = ((await list.json()) as AppointmentView[]).find((visit) => visit.client.firstName === 'Edith');
    expect(edithVisit).toBeDefined();
    await send(admin.request, `/api/appointments/${edithVisit!.id}/check-in`, {
      source: 'Mobile',
      location: { latitude: 53.8, longitude: -1.55, accuracy: 12 },
    });
    await expect.poll(() => cards.count()).toBe(1);
    await visible(cards, /^In progress$/i);
    await visible(cards, /Location verified \(±12 m\)/);
    await expectCards(page, { 'visits-in-progress': '1' });

    await cards.getByRole('button', { name: 'Visit Report' }).click();
    const report = page.getByRole('dialog');
    await visible(report, 'Appointment scheduled');
    await visible(report, 'Visit checked in');
    await page.screenshot({ path: `${shots}/visits-report-1280.png` });
    await report.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect
      .poll(() => page.getByRole('img', { name: 'Completed, missed and late visits per day' }).isVisible())
      .toBe(true);
    await expect
      .poll(async () => (await page.locator('.recharts-legend-item-text').allInnerTexts()).sort())
      .toEqual(['Completed', 'Late', 'Missed']);
    await page.getByRole('tab', { name: "Today's Visits" }).click();
    await expect.poll(() => cards.count()).toBe(2);
    await page.screenshot({ path: `${shots}/visits-1280.png`, fullPage: true });
    await page.close();
  });

  it('fits a 390 px phone', async () => {
    const phone = await env.signedInContext({ width: 390, height: 844 }, coordinatorUser);
    const noSidewaysScroll = (page: Page) =>
      page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
    const page = await open(phone, '/schedule-day');
    // A phone opens on the list of the day by time.
    await expect.poll(() => page.getByTestId('schedule-item').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'List View' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('timeline-block').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${shots}/schedule-day-list-390.png`, fullPage: true });
    // The timeline is still there: the page stays put, the bar scrolls inside its card with the first visit in view.
    await page.getByRole('button', { name: 'Timeline View' }).click();
    await expect.poll(() => page.getByTestId('timeline-block').count()).toBe(2);
    expect(await noSidewaysScroll(page)).toBe(true);
    // The phone's narrow bar still gives each block room for the whole name and time range.
    expect(await cutBlocks(page)).toBe(0);
    await expect
      .poll(async () => {
        const box = await page.getByTestId('timeline-block').first().boundingBox();
        return box !== null && box.x >= 0 && box.x + 40 <= 390;
      })
      .toBe(true);
    await page.screenshot({ path: `${shots}/schedule-day-timeline-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Add Appointment' }).click();
    await page.getByRole('dialog').getByLabel('Repeat weekly').check();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('checkbox', { name: 'Sat' }).isChecked())
      .toBe(new Date(`${today}T12:00:00Z`).getUTCDay() === 6);
    await page.screenshot({ path: `${shots}/schedule-day-dialog-390.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${env.product.url}/visits`);
    await expect.poll(() => page.getByTestId('visit-card').count()).toBe(2);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${shots}/visits-390.png`, fullPage: true });

    await page.goto(`${env.product.url}/`);
    await expect.poll(() => page.getByTestId('recent-appointment').count()).toBe(2);
    await page.screenshot({ path: `${shots}/dashboard-recent-appointments-390.png`, fullPage: true });
    await phone.close();
  });
});
