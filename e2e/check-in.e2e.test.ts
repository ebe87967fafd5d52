import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { londonWallClockOf, type AppointmentView } from '@care/events';
import { startE2eEnvironment, type E2eEnvironment, ukDateTime } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'check-in e2e password 1';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const carerA = { email: 'nadia.hussain@example.org', firstName: 'Nadia', lastName: 'Hussain' };
const carerB = { email: 'tom.rigby@example.org', firstName: 'Tom', lastName: 'Rigby' };
const coordinator = { email: 'carol.dean@example.org', firstName: 'Carol', lastName: 'Dean' };
/** Leeds city centre, as the carer's phone reports it. */
const HERE = { latitude: 53.7997, longitude: -1.5492, accuracy: 12 };
const TASKS = ['Help with breakfast', 'Prompt morning medication', 'Tidy the kitchen'];
let visitA: string;
let visitB: string;
let tomsCarerId: string;
let edithId: string;

/** A command through the API as the context's signed-in user; answers the created id. */
async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const reply = await request.get(`${env.product.url}${path}`);
  expect(reply.status(), await reply.text()).toBe(200);
  return (await reply.json()) as T;
}

const client = (clientRef: string, firstName: string, lastName: string, address: string) => ({
  clientId: clientRef,
  firstName,
  lastName,
  dateOfBirth: '1938-05-14',
  address,
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
});

/** The current minute, or minutes before or after it, as an ISO instant. */
const minutesFromNow = (minutes: number) =>
  new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000).toISOString();

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_check_in');
  admin = await env.signedInContext();
  const users: string[] = [];
  for (const user of [carerA, carerB])
    users.push(await post(admin.request, '/api/users', { ...user, role: 'carer', password: PASSWORD }));
  await post(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  const carerRecord = (user: typeof carerA, userId: string, employeeId: string) =>
    post(admin.request, '/api/carers', { ...user, userId, employeeId, startDate: '2024-03-01' });
  const carerAId = await carerRecord(carerA, users[0]!, 'EMP-801');
  const carerBId = await carerRecord(carerB, users[1]!, 'EMP-802');
  tomsCarerId = carerBId;
  const edith = await post(
    admin.request,
    '/api/clients',
    client('CL-0801', 'Edith', 'Green', '4 Mill Lane, Leeds LS6 2AB'),
  );
  edithId = edith;
  const walter = await post(
    admin.request,
    '/api/clients',
    client('CL-0802', 'Walter', 'Pemberton', '12 Hyde Park Road, Leeds LS6 1AG'),
  );
  visitA = await post(admin.request, '/api/appointments', {
    clientId: edith,
    carerId: carerAId,
    scheduledStart: minutesFromNow(0),
    durationMinutes: 60,
    visitType: 'personal_care',
    tasks: TASKS,
  });
  // Her visit to Edith tomorrow at the same time: the Tomorrow section below today's lists it, with nothing to record.
  await post(admin.request, '/api/appointments', {
    clientId: edith,
    carerId: carerAId,
    scheduledStart: minutesFromNow(24 * 60),
    durationMinutes: 30,
    visitType: 'medication',
  });
  // Tom's visit began 30 minutes ago: his check-in is a late arrival.
  visitB = await post(admin.request, '/api/appointments', {
    clientId: walter,
    carerId: carerBId,
    scheduledStart: minutesFromNow(-30),
    durationMinutes: 90,
    visitType: 'companionship',
    tasks: ['Walk to the park'],
  });
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
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
// Exactly: tomorrow's visit to the same client is "Tomorrow's visit to …".
const visitCard = (page: Page, clientName: string) =>
  page.getByRole('article', { name: `Visit to ${clientName}`, exact: true });
/** The status badges of a visit on the coordinator's /visits screen (in the header of its card). */
const trackedVisit = (page: Page, clientName: string) =>
  page.getByTestId('visit-card').filter({ hasText: clientName }).locator('header');

describe('Check In on a phone in Chromium', () => {
  it('a carer checks in with the location, records the visit and checks out, while the coordinator watches live', async () => {
    const coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const visits = await open(coordinatorContext, '/visits');
    const dashboard = await open(coordinatorContext, '/');
    await expect
      .poll(() => trackedVisit(visits, 'Edith Green').getByText('Scheduled', { exact: true }).isVisible())
      .toBe(true);

    const phone = await env.signedInContext(PHONE, { email: carerA.email, password: PASSWORD });
    await phone.grantPermissions(['geolocation'], { origin: env.product.url });
    await phone.setGeolocation(HERE);
    const page = await open(phone, '/check-in');
    await expect.poll(() => page.getByRole('heading', { name: 'Check In' }).isVisible()).toBe(true);
    const card = visitCard(page, 'Edith Green');
    await expect.poll(() => card.isVisible()).toBe(true);
    // Only her own visit: Tom's visit to Walter is not on her phone.
    expect(await page.getByTestId('check-in-visit').count()).toBe(1);
    for (const text of ['4 Mill Lane, Leeds LS6 2AB', 'Scheduled', ...TASKS]) {
      await expect.poll(() => card.getByText(text, { exact: true }).isVisible(), { message: text }).toBe(true);
    }
    // Her next visit is marked so; nothing is recorded yet, so no time and no source shows.
    expect(await card.getByText('Next', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(/Checked in/).count()).toBe(0);
    // Below today's visits, tomorrow's: where and when, so she can plan, and no buttons.
    const tomorrow = page.getByRole('article', { name: "Tomorrow's visit to Edith Green" });
    await expect.poll(() => tomorrow.getByText('4 Mill Lane, Leeds LS6 2AB', { exact: true }).isVisible()).toBe(true);
    expect(await tomorrow.getByText('· Medication', { exact: true }).isVisible()).toBe(true);
    expect(await tomorrow.getByRole('button').count()).toBe(0);
    await page.screenshot({ path: `${shots}/check-in-390.png`, fullPage: true });

    await card.getByRole('button', { name: 'Check In' }).click();
    await expect.poll(() => toast(page, 'Checked in').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('In progress', { exact: true }).isVisible()).toBe(true);
    // Located by the phone, at the server's time: how it was recorded, in words, and nothing "by hand".
    await expect.poll(() => card.getByText(/^Checked in \d\d:\d\d on the phone$/).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'In progress',
      'Still to do today',
      expect.stringMatching(/^Tomorrow · \d\d\/\d\d\/\d{4}$/),
    ]);
    // The coordinator's screen follows through the live push, without a reload.
    await expect
      .poll(() => trackedVisit(visits, 'Edith Green').getByText('In progress', { exact: true }).isVisible())
      .toBe(true);

    // Record the visit: two of the three tasks, medication, mood, observations, notes, signature, travel and costs.
    await card.getByLabel(TASKS[0]!).check();
    await card.getByLabel(TASKS[1]!).check();
    await expect.poll(() => card.getByText('Tasks (2 of 3 done)').isVisible()).toBe(true);
    await card.getByLabel('Medication given').check();
    await card.getByLabel('Client mood').selectOption('content');
    await card.getByLabel('Health observations').fill('Ankles a little swollen.');
    await card.getByLabel('Visit notes').fill('Ate a full breakfast; cheerful.');
    await card.getByLabel('Mileage (miles)').fill('3.55');
    await card.getByRole('button', { name: 'Check Out' }).click();
    // The API's own rule, before anything is sent.
    await expect.poll(() => card.getByText('Mileage must be miles with at most one decimal').isVisible()).toBe(true);
    await card.getByLabel('Mileage (miles)').fill('3.5');
    await card.getByLabel('Travel time (minutes)').fill('15');
    await card.getByLabel('Expenses (£)').fill('4.50');
    const pad = card.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 100);
    await page.mouse.down();
    for (const [x, y] of [
      [80, 40],
      [130, 110],
      [190, 50],
      [260, 100],
    ] as const)
      await page.mouse.move(box.x + x, box.y + y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => card.getByText('Signed', { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/check-out-390.png`, fullPage: true });
    await card.getByRole('button', { name: 'Check Out' }).click();
    await expect.poll(() => toast(page, 'Checked out').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    // Done: at the end, under its own heading, with nothing left to do today.
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).allInnerTexts())
      .toEqual([
        'Still to do today',
        'Completed, missed or cancelled (1)',
        expect.stringMatching(/^Tomorrow · \d\d\/\d\d\/\d{4}$/),
      ]);
    expect(await page.getByText('No more visits to start today.', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(/^Checked in \d\d:\d\d on the phone · checked out \d\d:\d\d$/).isVisible()).toBe(true);
    await expect
      .poll(() => trackedVisit(visits, 'Edith Green').getByText('Completed', { exact: true }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        dashboard
          .getByTestId('recent-appointment')
          .filter({ hasText: 'Edith Green' })
          .getByText('completed', { exact: true })
          .isVisible(),
      )
      .toBe(true);
    await visits.screenshot({ path: `${shots}/check-in-visits-1280.png`, fullPage: true });

    const recorded = await get<AppointmentView>(admin.request, `/api/appointments/${visitA}`);
    expect(recorded).toMatchObject({
      status: 'completed',
      checkInSource: 'Mobile',
      manualInputReason: null,
      lateArrival: false,
      tasksCompleted: TASKS.slice(0, 2),
      totalTasks: 3,
      medicationGiven: true,
      clientMood: 'content',
      healthObservations: 'Ankles a little swollen.',
      visitNotes: 'Ate a full breakfast; cheerful.',
      travelTime: 15,
      mileage: 3.5,
      expenses: 450,
      signedOff: true,
    });
    expect(recorded.checkInLocation).toMatchObject({
      latitude: HERE.latitude,
      longitude: HERE.longitude,
      accuracy: HERE.accuracy,
    });
    expect(recorded.signature).toMatch(/^data:image\/png;base64,/);

    // The other carer's phone and API show only his own visit.
    const tomPhone = await env.signedInContext(PHONE, { email: carerB.email, password: PASSWORD });
    const tomPage = await open(tomPhone, '/check-in');
    await expect.poll(() => visitCard(tomPage, 'Walter Pemberton').isVisible()).toBe(true);
    expect(await tomPage.getByTestId('check-in-visit').count()).toBe(1);
    expect(await visitCard(tomPage, 'Edith Green').count()).toBe(0);
    const tomsVisits = await get<AppointmentView[]>(tomPhone.request, '/api/appointments?today=true&underway=true');
    expect(tomsVisits.map((visit) => visit.id)).toEqual([visitB]);
    await Promise.all([coordinatorContext.close(), phone.close(), tomPhone.close()]);
  });

  it('without the location a check-in is Manual and needs a reason; a late one needs the late reason too', async () => {
    // No geolocation permission granted: the browser refuses the position.
    const phone = await env.signedInContext(PHONE, { email: carerB.email, password: PASSWORD });
    const page = await open(phone, '/visits/new');
    const card = visitCard(page, 'Walter Pemberton');
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Check In' }).click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByText('This will be recorded as a manual entry', { exact: false }).isVisible())
      .toBe(true);
    await expect.poll(() => dialog.getByText(/You are \d+ minutes after the planned start/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Check In' }).click();
    for (const message of ['A reason is required for a manual entry', 'A reason for the late arrival is required']) {
      await expect.poll(() => dialog.getByText(message, { exact: true }).isVisible(), { message }).toBe(true);
    }
    await page.screenshot({ path: `${shots}/check-in-manual-390.png`, fullPage: true });
    await dialog
      .getByLabel('Reason for manual entry')
      .fill('Phone location switched off by the care home Wi-Fi policy');
    await dialog.getByLabel('Reason for late arrival').fill('Bus diverted by roadworks');
    // The carer arrived ten minutes ago and gives that time: it is kept beside the server's own, by hand.
    const arrivedAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000);
    await dialog.getByLabel('Actual time (leave blank for now)').fill(ukDateTime(londonWallClockOf(arrivedAt)));
    await dialog.getByRole('button', { name: 'Check In' }).click();
    await expect.poll(() => toast(page, 'Checked in').isVisible()).toBe(true);
    await expect.poll(() => card.getByText('In progress', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => card.getByText(/^Checked in \d\d:\d\d, entered by hand · late arrival$/).isVisible())
      .toBe(true);

    const recorded = await get<AppointmentView>(admin.request, `/api/appointments/${visitB}`);
    expect(recorded).toMatchObject({
      status: 'in_progress',
      checkInSource: 'Manual',
      manualInputReason: 'Phone location switched off by the care home Wi-Fi policy',
      checkInLocation: null,
      lateArrival: true,
      lateReason: 'Bus diverted by roadworks',
      actualStartTime: arrivedAt.toISOString(),
      checkInEnteredByHand: {
        recordedAt: expect.any(String),
        reason: 'Phone location switched off by the care home Wi-Fi policy',
      },
    });
    expect(Date.parse(recorded.checkInEnteredByHand!.recordedAt)).toBeGreaterThan(arrivedAt.getTime() + 9 * 60_000);

    // An earlier visit of Tom's, cancelled: it goes to the end of the day, after the visit in progress.
    const cancelled = await post(admin.request, '/api/appointments', {
      clientId: edithId,
      carerId: tomsCarerId,
      scheduledStart: minutesFromNow(-50),
      durationMinutes: 15,
      visitType: 'domestic',
    });
    await post(admin.request, `/api/appointments/${cancelled}/cancel`, { reason: 'Client in hospital' });

    // Office staff see every carer's visits of today on the same screen (desktop width): under way first, then the
    // rest in time order (the cancelled one, then Edith's completed one).
    const office = await open(admin, '/check-in');
    await expect.poll(() => office.getByTestId('check-in-visit').count()).toBe(3);
    expect(
      await office.getByTestId('check-in-visit').evaluateAll((cards) => cards.map((each) => each.textContent)),
    ).toEqual([
      expect.stringMatching(/^Walter Pemberton/),
      expect.stringMatching(/^Edith Green.*Cancelled/),
      expect.stringMatching(/^Edith Green.*Completed/),
    ]);
    await expect
      .poll(() => visitCard(office, 'Walter Pemberton').getByText('Tom Rigby', { exact: true }).isVisible())
      .toBe(true);
    await office.screenshot({ path: `${shots}/check-in-office-1280.png`, fullPage: true });
    await phone.close();
  });
});
