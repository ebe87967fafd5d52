import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonToday } from '@care/events';
import { startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * The diary's own views with data, as an administrator at 1280 px and as a carer at 390 px: the carer sees
 * neither another author's confidential entry nor a client outside their visits, on any view.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
let carer: BrowserContext;
const PASSWORD = 'diary views e2e password 1';
const nadia = { email: 'nadia.views@example.org', firstName: 'Nadia', lastName: 'Hussain' };
const tom = { email: 'tom.views@example.org', firstName: 'Tom', lastName: 'Rigby' };
const today = londonToday();
const PHONE = { width: 390, height: 844 };
const shots = '.test-results/screenshots';

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
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
  // A tile server that never answers: the maps must still show their markers, on a plain background.
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_diary_views', {
    MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  });
  admin = await env.signedInContext();
  const users: string[] = [];
  for (const user of [nadia, tom])
    users.push(await post(admin.request, '/api/users', { ...user, role: 'carer', password: PASSWORD }));
  const nadiaRecord = await post(admin.request, '/api/carers', {
    ...nadia,
    userId: users[0],
    employeeId: 'EMP-601',
    startDate: '2024-03-01',
  });
  const tomRecord = await post(admin.request, '/api/carers', {
    ...tom,
    userId: users[1],
    employeeId: 'EMP-602',
    startDate: '2024-03-01',
  });
  const edith = await post(admin.request, '/api/clients', client('CL-0601', 'Edith', 'Green'));
  const walter = await post(admin.request, '/api/clients', client('CL-0602', 'Walter', 'Pemberton'));
  const visit = (carerId: string, clientId: string, hour: string) =>
    post(admin.request, '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: `${addDays(today, 1)}T${hour}:00:00Z`,
      durationMinutes: 30,
    });
  const nadiasVisit = await visit(nadiaRecord, edith, '10');
  await visit(tomRecord, edith, '10');
  const tomsVisitToWalter = await visit(tomRecord, walter, '12');
  const entry = (fields: Record<string, unknown>) =>
    post(admin.request, '/api/diary', {
      entryDate: `${today}T09:15:00Z`,
      content: 'Noted during the visit.',
      ...fields,
    });
  await entry({ carerId: nadiaRecord, clientId: edith, appointmentId: nadiasVisit, title: 'Breakfast with Edith' });
  await entry({ carerId: tomRecord, clientId: edith, title: 'Safeguarding concern', isConfidential: true });
  await entry({ carerId: tomRecord, clientId: walter, appointmentId: tomsVisitToWalter, title: 'Walter had a fall' });
  await entry({
    carerId: nadiaRecord,
    clientId: edith,
    title: 'Last week call',
    entryDate: `${addDays(today, -7)}T09:15:00Z`,
  });
  await post(admin.request, '/api/training', {
    carerId: nadiaRecord,
    trainingType: 'first_aid',
    completedDate: addDays(today, -350),
    expiryDate: addDays(today, 10),
    status: 'current',
    certificateNumber: 'FA-6001',
    notes: 'Refresher booked with St John Ambulance',
  });
  await post(admin.request, '/api/training', {
    carerId: tomRecord,
    trainingType: 'cpr',
    completedDate: addDays(today, -350),
    expiryDate: addDays(today, 20),
    status: 'current',
  });
  // Visits going on now, checked in at the client's door: the maps' markers.
  const now = new Date().toISOString();
  for (const [carerId, clientId, latitude, longitude, address] of [
    [nadiaRecord, edith, 53.8176, -1.5768, '4 Mill Lane, Leeds'],
    [tomRecord, walter, 53.7997, -1.5492, '12 Park Row, Leeds'],
  ] as const) {
    const id = await post(admin.request, '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: now,
      durationMinutes: 60,
    });
    await post(admin.request, `/api/appointments/${id}/check-in`, {
      source: 'Mobile',
      location: { latitude, longitude, accuracy: 10, address },
    });
  }
  carer = await env.signedInContext(PHONE, { email: nadia.email, password: PASSWORD });
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Care Diary' }).isVisible()).toBe(true);
  return page;
}

const shows = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { message: text }).toBe(true);
const absent = async (page: Page, text: string) =>
  expect(await page.getByText(text, { exact: true }).count(), text).toBe(0);
/** At 390 px nothing sticks out sideways (WCAG 1.4.10 reflow). */
const noSidewaysScroll = async (page: Page) =>
  expect(
    await page.evaluate(() => {
      // The page's own globals (this file is type-checked without the DOM library).
      const root = (
        globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
      ).document.documentElement;
      return root.scrollWidth <= root.clientWidth;
    }),
  ).toBe(true);

describe('Diary views in Chromium', () => {
  it('the diary bar opens each view, as its current tab', async () => {
    const page = await open(admin, '/diary');
    const bar = page.getByRole('navigation', { name: 'Diary' });
    for (const tab of ['Weekly', 'By Carer', 'By Client', 'Monitoring', 'Training', 'Map', 'Live Map']) {
      const heading = tab;
      await bar.getByRole('link', { name: tab, exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: heading, level: 2 }).isVisible(), { message: tab })
        .toBe(true);
      expect(await bar.getByRole('link', { name: tab, exact: true }).getAttribute('aria-current')).toBe('page');
    }
    await page.close();
  });

  it('weekly: entries by day, Monday first, and the previous week, for the administrator and the carer', async () => {
    const page = await open(admin, '/diary/weekly');
    await shows(page, 'Breakfast with Edith');
    await shows(page, 'Safeguarding concern');
    await shows(page, 'Walter had a fall');
    const days = page.locator('.diary-day h3');
    await expect.poll(() => days.count()).toBe(7);
    expect(await days.first().textContent()).toMatch(/^Monday/);
    await page.getByRole('button', { name: 'Previous week' }).click();
    await shows(page, 'Last week call');
    await absent(page, 'Breakfast with Edith');
    await page.getByRole('button', { name: 'This week' }).click();
    await shows(page, 'Breakfast with Edith');
    await page.screenshot({ path: `${shots}/diary-weekly-1280.png`, fullPage: true });
    await page.close();

    const mobile = await open(carer, '/diary/weekly');
    await shows(mobile, 'Breakfast with Edith');
    await absent(mobile, 'Safeguarding concern');
    await absent(mobile, 'Walter had a fall');
    await noSidewaysScroll(mobile);
    await mobile.screenshot({ path: `${shots}/diary-weekly-390.png`, fullPage: true });
    await mobile.close();
  });

  it('rosters: counts and latest entries by carer and by client, filtered for the carer', async () => {
    const page = await open(admin, '/diary/carer-roster');
    const tomGroup = page
      .getByTestId('diary-roster-group')
      .filter({ has: page.getByRole('heading', { name: 'Tom Rigby' }) });
    await expect.poll(() => tomGroup.getByText('2 entries').isVisible()).toBe(true);
    await page.goto(`${env.product.url}/diary/client-roster`);
    const walterGroup = page
      .getByTestId('diary-roster-group')
      .filter({ has: page.getByRole('heading', { name: 'Walter Pemberton' }) });
    await expect.poll(() => walterGroup.getByText('Walter had a fall').isVisible()).toBe(true);
    await page.close();

    const mobile = await open(carer, '/diary/client-roster');
    const edithGroup = mobile
      .getByTestId('diary-roster-group')
      .filter({ has: mobile.getByRole('heading', { name: 'Edith Green' }) });
    await expect.poll(() => edithGroup.getByText('2 entries').isVisible()).toBe(true);
    await absent(mobile, 'Walter Pemberton');
    await absent(mobile, 'Safeguarding concern');
    await noSidewaysScroll(mobile);
    await mobile.goto(`${env.product.url}/diary/carer-roster`);
    await shows(mobile, 'Nadia Hussain');
    await absent(mobile, 'Tom Rigby');
    await noSidewaysScroll(mobile);
    await mobile.close();
  });

  it("monitoring: entries linked to visits beside the visit's record", async () => {
    const page = await open(admin, '/diary/monitoring');
    const fall = page.getByTestId('diary-monitoring-row').filter({ hasText: 'Walter had a fall' });
    await expect.poll(() => fall.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    expect(await fall.locator('dd').allTextContents()).toEqual(
      expect.arrayContaining(['Tom Rigby', 'Walter Pemberton']),
    );
    await page.close();

    const mobile = await open(carer, '/diary/monitoring');
    const own = mobile.getByTestId('diary-monitoring-row').filter({ hasText: 'Breakfast with Edith' });
    await expect.poll(() => own.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    await absent(mobile, 'Walter had a fall');
    await noSidewaysScroll(mobile);
    await mobile.close();
  });

  it('training: certificates expiring within 30 days with their notes, the carer only their own', async () => {
    const page = await open(admin, '/diary/training');
    await shows(page, 'Refresher booked with St John Ambulance');
    await expect.poll(() => page.getByTestId('diary-training-record').count()).toBe(2);
    await page.close();

    const mobile = await open(carer, '/diary/training');
    await shows(mobile, 'Refresher booked with St John Ambulance');
    await expect.poll(() => mobile.getByTestId('diary-training-record').count()).toBe(1);
    await absent(mobile, 'Tom Rigby');
    await noSidewaysScroll(mobile);
    await mobile.close();
  });

  it('maps: the visits at their check-in location, markers on a plain background when tiles cannot load', async () => {
    const page = await open(admin, '/diary/map');
    const map = page.getByTestId('diary-map');
    await expect.poll(() => map.getAttribute('data-markers')).toBe('2');
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(2);
    await shows(page, 'The map tiles could not load: the visits are shown on a plain background.');
    // The note is read before the grey map, and a key names the dots' colour.
    const note = await page.getByRole('status').filter({ hasText: 'The map tiles could not load' }).boundingBox();
    const mapBox = await map.boundingBox();
    expect(note!.y + note!.height).toBeLessThanOrEqual(mapBox!.y);
    await expect.poll(() => page.getByTestId('diary-map-key').innerText()).toBe('In progress');
    const visits = page.getByTestId('diary-map-visit');
    await expect
      .poll(() => visits.filter({ hasText: 'Walter Pemberton' }).getByText('12 Park Row, Leeds').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await shows(page, 'No visits with a check-in location on this day.');
    await page.goto(`${env.product.url}/diary/live-map`);
    await expect.poll(() => page.getByTestId('diary-map').locator('path.leaflet-interactive').count()).toBe(2);
    await page.screenshot({ path: `${shots}/diary-live-map-1280.png`, fullPage: true });
    await page.close();

    const mobile = await open(carer, '/diary/live-map');
    await expect.poll(() => mobile.getByTestId('diary-map').locator('path.leaflet-interactive').count()).toBe(1);
    await shows(mobile, 'Edith Green');
    await absent(mobile, 'Walter Pemberton');
    await noSidewaysScroll(mobile);
    await mobile.goto(`${env.product.url}/diary/map`);
    await expect.poll(() => mobile.getByTestId('diary-map').getAttribute('data-markers')).toBe('1');
    await noSidewaysScroll(mobile);
    await mobile.screenshot({ path: `${shots}/diary-map-390.png`, fullPage: true });
    await mobile.close();
  });
});
