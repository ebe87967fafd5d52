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
const PASSWORD = 'offline app e2e password 1';
const PHONE = { width: 390, height: 844 };
const carer = { email: 'amira.patel@example.org', firstName: 'Amira', lastName: 'Patel' };
const TASKS = ['Help with breakfast', 'Prompt morning medication'];
/** The care plan's tasks for a personal care visit, and the contact it lists. */
const PLAN_TASKS = ['Strip wash with a long-handled sponge', 'Check the skin on both heels'];
const ACCESS = 'Key safe left of the back door, code 4071. Ring twice before going in.';

/** A command through the API as the administrator; answers the created id. */
async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_offline_app');
  const admin = await env.signedInContext();
  const userId = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  const carerId = await post(admin.request, '/api/carers', {
    ...carer,
    userId,
    employeeId: 'EMP-4601',
    startDate: '2024-03-01',
  });
  const edith = await post(admin.request, '/api/clients', {
    ...sampleClient('CL-4601', 'Edith', 'Green', '4 Mill Lane, Leeds LS6 2AB'),
    allergies: ['Penicillin'],
    careInstructions: ACCESS,
  });
  await post(admin.request, '/api/care-plans', {
    clientId: edith,
    title: 'Personal care plan',
    reviewDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    visitTasks: [{ visitType: 'personal_care', tasks: PLAN_TASKS }],
    emergencyContacts: [{ name: 'Joan Green', phone: '0113 496 0000', relationship: 'Daughter' }],
  });
  const walter = await post(
    admin.request,
    '/api/clients',
    sampleClient('CL-4602', 'Walter', 'Pemberton', '12 Hyde Park Road, Leeds LS6 1AG'),
  );
  await post(admin.request, '/api/appointments', {
    clientId: edith,
    carerId,
    scheduledStart: minutesFromNow(30),
    durationMinutes: 60,
    visitType: 'personal_care',
    tasks: TASKS,
  });
  await post(admin.request, '/api/appointments', {
    clientId: walter,
    carerId,
    scheduledStart: minutesFromNow(24 * 60),
    durationMinutes: 45,
    visitType: 'companionship',
    tasks: ['Walk to the park'],
  });
  await admin.close();
}, 180_000);
afterAll(async () => env?.stop());

/**
 * The local copy as the app left it in the page's IndexedDB (idb-keyval's store): the keys of its queries, or null.
 * A script in the page's own words: the tests are compiled without the browser's types.
 */
async function storedCopy(page: Page): Promise<string[] | null> {
  const keys = (await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('keyval')) {
        db.close();
        return resolve(null);
      }
      const read = db.transaction('keyval').objectStore('keyval').get('care-local-copy');
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        db.close();
        if (typeof read.result !== 'string') return resolve(null);
        resolve(JSON.parse(read.result).clientState.queries.map((query) => query.queryKey.join(' ')));
      };
    };
  })`)) as string[] | null;
  return keys;
}

const visitCard = (page: Page, clientName: string) => page.getByRole('article', { name: `Visit to ${clientName}` });

/**
 * The carer opens Check In with signal; resolves once the service worker controls the page and the copy holds today's
 * and tomorrow's work.
 */
async function openWithCopy(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}/check-in`);
  await visitCard(page, 'Edith Green').waitFor();
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await waitForServiceWorker(page);
  await page.getByRole('article', { name: "Tomorrow's visit to Walter Pemberton" }).waitFor();
  await expect
    .poll(() => storedCopy(page))
    .toEqual(
      expect.arrayContaining([
        '/api/auth/user',
        '/api/appointments?today=true&underway=true',
        expect.stringMatching(/^\/api\/appointments\?date=\d{4}-\d{2}-\d{2}$/),
        '/api/clients all',
        expect.stringMatching(/^\/api\/care-plans\?clientId=[\w-]+$/),
      ]),
    );
  return page;
}

describe('the installable carer app without signal', () => {
  let context: BrowserContext;

  it("opens a carer's Check In screen offline from the phone's copy, and leaves no copy after signing out", async () => {
    context = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const page = await openWithCopy(context);

    // No signal: a reload opens the app from the worker and the screens from the copy.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Check In', level: 1 }).waitFor();
    const edith = visitCard(page, 'Edith Green');
    await edith.waitFor();
    expect(await edith.innerText()).toContain('4 Mill Lane, Leeds LS6 2AB');
    await edith.getByText('Before you go in').click();
    const door = edith.getByTestId('at-the-door');
    await door.getByText(ACCESS).waitFor();
    const doorText = await door.innerText();
    for (const text of [...PLAN_TASKS, 'Penicillin', 'Joan Green (Daughter)', 'Paul Green'])
      expect(doorText).toContain(text);
    expect(await door.getByRole('link', { name: '0113 496 0000' }).getAttribute('href')).toBe('tel:01134960000');
    expect(await door.getByRole('link', { name: '07700 900123' }).getAttribute('href')).toBe('tel:07700900123');
    const tomorrow = page.getByRole('article', { name: "Tomorrow's visit to Walter Pemberton" });
    await tomorrow.waitFor();
    expect(await tomorrow.innerText()).toContain('12 Hyde Park Road, Leeds LS6 1AG');
    // Offline is not a lost session: the carer stays on the screen.
    expect(page.url()).toBe(`${env.product.url}/check-in`);
    expect(await accessibilityFindings(page)).toBe('');

    // Back online: the manifest the page links names the app and opens it at Check In.
    await context.setOffline(false);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await context.request.get(new URL(href ?? '', env.product.url).href);
    expect(manifest.status()).toBe(200);
    expect(await manifest.json()).toMatchObject({
      name: 'CareAgency',
      short_name: 'CareAgency',
      start_url: '/check-in',
    });

    // Signing out takes the copy off the phone.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${env.product.url}/landing`);
    expect(await storedCopy(page)).toBeNull();

    // Without signal and without a copy, the app still opens, says why it cannot sign in, and stays where it is.
    // ("You are offline" when the phone knows it has no network; "Cannot reach the server" when it still reports one
    // and the request fails: Chromium's emulated offline sometimes leaves navigator.onLine true after a navigation.)
    await context.setOffline(true);
    await page.goto(`${env.product.url}/check-in`);
    await page.getByText(/^(You are offline|Cannot reach the server)\. Connect to the internet to sign in/).waitFor();
    expect(page.url()).toBe(`${env.product.url}/check-in`);
    await context.close();
  }, 120_000);

  it('shows the saved copy when the phone says it is online but no request gets through, and says so', async () => {
    // A weak signal: the phone reports a network, yet every request to the server fails.
    const weak = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const page = await openWithCopy(weak);
    await weak.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByRole('heading', { name: 'Check In', level: 1 }).waitFor();
    await visitCard(page, 'Edith Green').waitFor();
    await page.getByRole('article', { name: "Tomorrow's visit to Walter Pemberton" }).waitFor();
    const notices = page.getByRole('status').filter({ hasText: 'as this phone saved them' });
    await expect
      .poll(() => notices.allInnerTexts())
      .toEqual([
        expect.stringMatching(
          /^Showing today's visits as this phone saved them on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}: could not reload them \(the server cannot be reached\)\./,
        ),
        expect.stringMatching(/^Showing tomorrow's visits as this phone saved them on /),
      ]);
    expect(await page.getByText("Could not load today's visits").count()).toBe(0);
    expect(await accessibilityFindings(page)).toBe('');
    await page.screenshot({ path: '/tmp/check-in-saved-copy-390.png', fullPage: true });

    // The signal comes back: "Try again" reloads the list and the notice goes.
    await weak.unroute('**/api/**');
    const todayNotice = notices.filter({ hasText: "today's visits" });
    await todayNotice.getByRole('button', { name: 'Try again' }).click();
    await todayNotice.waitFor({ state: 'detached' });
    await visitCard(page, 'Edith Green').waitFor();
    await weak.close();
  }, 120_000);
});
