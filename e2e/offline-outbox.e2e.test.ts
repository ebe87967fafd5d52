import { londonClock, londonToday, type AppointmentView } from '@care/events';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accessibilityFindings } from './axe-scan';
import {
  minutesFromNow,
  sampleClient,
  startE2eEnvironment,
  waitForServiceWorker,
  type E2eEnvironment,
} from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'offline outbox e2e password 1';
const PHONE = { width: 390, height: 844 };
const carer = { email: 'grace.okafor@example.org', firstName: 'Grace', lastName: 'Okafor' };
/** Leeds city centre, as the carer's phone reports it (the phone's own position needs no signal). */
const HERE = { latitude: 53.7997, longitude: -1.5492, accuracy: 12 };
let edithVisit: string;
let walterVisit: string;
let edithId: string;

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

async function get<T>(path: string): Promise<T> {
  const reply = await admin.request.get(`${env.product.url}${path}`);
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

/** A London wall-clock time `minutes` from now ("HH:mm"), and the London date of that instant. */
const clockIn = (minutes: number) => londonClock(new Date(Date.now() + minutes * 60_000));
const dayOf = (minutes: number) => londonToday(new Date(Date.now() + minutes * 60_000));

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_offline_outbox');
  admin = await env.signedInContext();
  const userId = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  const carerId = await post(admin.request, '/api/carers', {
    ...carer,
    userId,
    employeeId: 'EMP-4701',
    startDate: '2024-03-01',
  });
  edithId = await post(
    admin.request,
    '/api/clients',
    sampleClient('CL-4701', 'Edith', 'Green', '4 Mill Lane, Leeds LS6 2AB'),
  );
  const walter = await post(
    admin.request,
    '/api/clients',
    sampleClient('CL-4702', 'Walter', 'Pemberton', '12 Hyde Park Road, Leeds LS6 1AG'),
  );
  edithVisit = await post(admin.request, '/api/appointments', {
    clientId: edithId,
    carerId,
    scheduledStart: minutesFromNow(0),
    durationMinutes: 60,
    visitType: 'personal_care',
    tasks: ['Help with breakfast'],
  });
  walterVisit = await post(admin.request, '/api/appointments', {
    clientId: walter,
    carerId,
    scheduledStart: minutesFromNow(90),
    durationMinutes: 30,
    visitType: 'companionship',
    tasks: ['Walk to the park'],
  });
  // Two doses due in Edith's visit.
  for (const [name, minutes] of [
    ['Amlodipine', -5],
    ['Metformin', -4],
  ] as const)
    await post(admin.request, '/api/medications', {
      clientId: edithId,
      name,
      strength: '5mg',
      form: 'tablet',
      route: 'oral',
      dosage: '1 tablet',
      frequency: 'Once daily',
      doseTimes: [clockIn(minutes)],
      prescribedBy: 'Dr Anita Rao',
      startDate: dayOf(minutes),
    });
}, 180_000);
afterAll(async () => env?.stop());

interface StoredRecord {
  readonly id: string;
  readonly kind: string;
  readonly capturedAt: string;
  readonly state: string;
  readonly body?: unknown;
}

/** The records the app keeps on the phone, as stored in the page's IndexedDB (the outbox). */
function outbox(page: Page): Promise<StoredRecord[]> {
  // A string, so it runs in the page as written: the database and its one store, read whole.
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('care-outbox');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('records').objectStore('records').getAll();
      read.onsuccess = () => { open.result.close(); resolve(read.result); };
      read.onerror = () => reject(read.error);
    };
  })`);
}

const visitCard = (page: Page, clientName: string) => page.getByRole('article', { name: `Visit to ${clientName}` });
const summary = (page: Page) => page.getByTestId('outbox-summary');
const savedOnPhone = (page: Page) => page.getByText('It will be sent when you are back online.').first();

async function carerPhone(): Promise<BrowserContext> {
  const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
  await phone.grantPermissions(['geolocation'], { origin: env.product.url });
  await phone.setGeolocation(HERE);
  return phone;
}

/**
 * The installed app: its service worker holds every part of the app, so a part first needed offline (the toast,
 * a dialog) still loads. Until it controls the page, a first visit depends on the network for those parts.
 */
async function installed(page: Page): Promise<void> {
  await waitForServiceWorker(page);
}

/** Through the phone menu, without a reload: the app stays in memory with what it loaded while online. */
async function menuTo(page: Page, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: link, exact: true }).click();
}

describe('the carer outbox without signal', () => {
  it('records a whole visit and a diary note offline, then sends each exactly once when the signal returns', async () => {
    const phone = await carerPhone();
    const page = await phone.newPage();
    // The diary and its form are opened once with signal, so the phone has them when it has none.
    await page.goto(`${env.product.url}/diary`);
    await installed(page);
    await page.getByRole('button', { name: 'Add Entry', exact: true }).click();
    const diaryForm = page.getByRole('dialog');
    await expect.poll(() => diaryForm.getByLabel('Client').locator('option').count()).toBeGreaterThan(1);
    await diaryForm.getByRole('button', { name: 'Cancel' }).click();
    await menuTo(page, 'Check In');
    const card = visitCard(page, 'Edith Green');
    await card.waitFor();
    await expect.poll(() => page.getByTestId('connection-badge').innerText()).toBe('Online');

    await phone.setOffline(true);
    await expect.poll(() => page.getByTestId('connection-badge').innerText()).toBe('Offline');

    await card.getByRole('button', { name: 'Check In' }).click();
    await expect.poll(() => savedOnPhone(page).isVisible()).toBe(true);
    await expect.poll(() => card.getByText('In progress', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => card.getByText(/^Checked in \d\d:\d\d on the phone · waiting to send$/).isVisible())
      .toBe(true);

    // Both doses show from what the phone loaded before the visit began; each outcome is kept on the phone.
    for (const name of ['Amlodipine', 'Metformin']) {
      await card.getByRole('button', { name: new RegExp(`^Record ${name} due`) }).click();
      const dialog = page.getByRole('dialog', { name: `Record ${name}` });
      await dialog.getByRole('button', { name: 'Record', exact: true }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    }
    await expect.poll(() => card.getByTestId('visit-dose-waiting').count()).toBe(2);
    await expect.poll(() => card.getByText('Every dose due in this visit has an outcome.').isVisible()).toBe(true);

    await card.getByLabel('Visit notes').fill('Recorded without signal; all well.');
    await card.getByLabel('Share this note with the family').check();
    await card.getByRole('button', { name: 'Check Out' }).click();
    await expect.poll(() => card.getByText('Completed', { exact: true }).isVisible()).toBe(true);

    await menuTo(page, 'Diary');
    await page.getByRole('button', { name: 'Add Entry', exact: true }).click();
    await diaryForm.getByLabel('Client').selectOption({ label: 'Edith Green (CL-4701)' });
    await diaryForm.getByLabel('Title').fill('Quiet morning');
    await diaryForm.getByLabel('Content').fill('Edith ate well and asked after her grandson.');
    await diaryForm.getByRole('button', { name: 'Save Entry' }).click();
    await expect.poll(() => diaryForm.isVisible()).toBe(false);

    await expect.poll(() => summary(page).innerText()).toContain('5 records waiting to send');
    const stored = await outbox(page);
    expect(stored.map((record) => record.kind)).toEqual(['check-in', 'dose', 'dose', 'check-out', 'diary-note']);
    const checkIn = stored[0]!;
    // The carer's choice to share the note travels with the queued check-out.
    expect(stored[3]!.body).toMatchObject({ notes: 'Recorded without signal; all well.', shareWithFamily: true });

    // Signing out now would lose them: the carer is asked first, and staying is the safe choice.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Sign out with records not sent?' });
    await expect
      .poll(() => ask.innerText())
      .toContain('5 records have not been sent yet. Signing out deletes them from this phone.');
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => ask.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    expect(await outbox(page)).toHaveLength(5);

    await menuTo(page, 'Check In');
    await card.waitFor();
    await page.screenshot({ path: `${shots}/offline-outbox-waiting-390.png`, fullPage: true });
    expect(await accessibilityFindings(page), 'Check In at 390 px with records waiting').toBe('');

    await phone.setOffline(false);
    await expect.poll(() => summary(page).innerText()).toMatch(/^Last sent \d\d:\d\d$/);
    expect(await outbox(page)).toEqual([]);
    await expect.poll(() => card.getByText(/^Checked in \d\d:\d\d/).innerText()).not.toContain('waiting to send');

    // The office's view: the visit completed, each record applied once, at the phone's time.
    const visit = await get<AppointmentView>(`/api/appointments/${edithVisit}`);
    expect(visit.status).toBe('completed');
    expect(Date.parse(visit.actualStartTime!)).toBe(Date.parse(checkIn.capturedAt));
    expect(visit.checkInOffline?.capturedAt && Date.parse(visit.checkInOffline.capturedAt)).toBe(
      Date.parse(checkIn.capturedAt),
    );
    expect(visit.visitNotes).toBe('Recorded without signal; all well.');
    const history = await get<{ action: string }[]>(`/api/appointments/${edithVisit}/history`);
    const actions = history.map((version) => version.action);
    expect(actions.filter((action) => action === 'VisitCheckedIn')).toHaveLength(1);
    expect(actions.filter((action) => action === 'VisitCheckedOut')).toHaveLength(1);
    const doses = await get<{ medicationName: string }[]>(`/api/medication-records?clientId=${edithId}`);
    expect(doses.map((dose) => dose.medicationName).sort()).toEqual(['Amlodipine', 'Metformin']);
    const diary = await get<{ title: string }[]>('/api/diary?limit=50');
    expect(diary.filter((entry) => entry.title === 'Quiet morning')).toHaveLength(1);
    await phone.close();
  });

  it('keeps a check-out for a visit the office cancelled meanwhile under Needs attention, and tells the office', async () => {
    const phone = await carerPhone();
    const page = await phone.newPage();
    await page.goto(`${env.product.url}/check-in`);
    const card = visitCard(page, 'Walter Pemberton');
    await card.waitFor();
    await installed(page);

    await phone.setOffline(true);
    await card.getByRole('button', { name: 'Check In' }).click();
    await expect.poll(() => card.getByText('In progress', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Check Out' }).click();
    await expect.poll(() => summary(page).innerText()).toContain('2 records waiting to send');

    await post(admin.request, `/api/appointments/${walterVisit}/cancel`, { reason: 'Client in hospital' });
    await phone.setOffline(false);

    const attention = page.getByRole('region', { name: 'Needs attention' });
    const checkOut = attention.getByTestId('needs-attention-record').filter({ hasText: 'Check out: Walter Pemberton' });
    await expect.poll(() => checkOut.isVisible()).toBe(true);
    expect(await checkOut.innerText()).toContain('The office has been told.');
    expect(await checkOut.innerText()).toMatch(/cancelled/i);
    await expect.poll(() => summary(page).innerText()).toContain('records need attention');
    await page.screenshot({ path: `${shots}/offline-outbox-needs-attention-390.png`, fullPage: true });
    expect(await accessibilityFindings(page), 'Check In at 390 px with records needing attention').toBe('');
    await expect
      .poll(async () => (await get<{ title: string }[]>('/api/alerts?active=true')).map((alert) => alert.title))
      .toContain('An offline record could not be applied');

    // Dismissed after a confirmation, it leaves the phone.
    await checkOut.getByRole('button', { name: 'Dismiss Check out: Walter Pemberton' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => checkOut.count()).toBe(0);
    await phone.close();
  });

  it('never keeps an emergency for later: without signal it says so at once and offers the calls', async () => {
    const desktop = await env.signedInContext({ width: 1280, height: 900 }, { email: carer.email, password: PASSWORD });
    const page = await desktop.newPage();
    await page.goto(`${env.product.url}/check-in`);
    await page.getByRole('heading', { name: 'Check In', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('connection-badge').innerText()).toBe('Online');
    expect(await accessibilityFindings(page), 'Check In at 1280 px with the connection shown').toBe('');

    await page.goto(`${env.product.url}/emergency`);
    await page.getByRole('heading', { name: 'Emergency', level: 1 }).waitFor();
    await desktop.setOffline(true);
    await page.getByRole('button', { name: 'Raise emergency' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'could not be sent' });
    await expect
      .poll(() => failed.innerText())
      .toContain('The emergency could not be sent: this phone has no connection.');
    expect(await failed.getByRole('link', { name: 'Call 999' }).getAttribute('href')).toBe('tel:999');
    expect(await page.getByTestId('outbox-summary').count()).toBe(0);
    await desktop.setOffline(false);
    await desktop.close();
  });
});
