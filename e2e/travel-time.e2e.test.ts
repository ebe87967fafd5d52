import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { addDays, londonTimeToInstant, londonToday } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { layoutFindings } from './layout-probes';
import { startE2eEnvironment, type E2eEnvironment, ukDate } from './support';

/**
 * Travel between a carer's visits in Chromium on the real product: the daily schedule's timeline and list show the
 * estimated travel from the carer's previous visit, and a gap shorter than it flagged in words, at 1280 and 390 px,
 * with no axe findings in the normal and the high-contrast theme.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Along a meridian one degree of latitude is 2πR / 360 km: this many degrees is one kilometre. */
const ONE_KM_OF_LATITUDE = 360 / (2 * Math.PI * 6371);
const HOME = { latitude: 53.8196, longitude: -1.5763 };
const day = addDays(londonToday(), 1);
/** 1 km by car: 1.3 km of road at 30 km/h is 3 minutes, plus 3 to park. */
const ROOMY = '6 min travel';
const TIGHT = 'Only 5 min between visits, about 6 min travel';
/** A timeline block is too narrow for the sentence: it says "Tight gap", the sentence being for screen readers. */
const TIGHT_IN_BLOCK = `Tight gap: ${TIGHT}`;

async function send(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

const client = (clientId: string, firstName: string, place: Record<string, unknown>) => ({
  clientId,
  firstName,
  lastName: 'Green',
  dateOfBirth: '1938-05-14',
  address: `${clientId === 'CL-0001' ? '4 Mill Lane' : '12 Park Road'}, Leeds`,
  emergencyContact: 'Paul Green',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
  ...place,
});

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_travel_time');
  admin = await env.signedInContext(DESKTOP);
  const carerId = await send(admin.request, '/api/carers', {
    firstName: 'Nadia',
    lastName: 'Hussain',
    email: 'nadia.hussain@example.org',
    employeeId: 'EMP-801',
    startDate: '2024-03-01',
    travelMode: 'car',
  });
  const edith = await send(admin.request, '/api/clients', client('CL-0001', 'Edith', { postcode: 'LS6 2AB', ...HOME }));
  const walter = await send(
    admin.request,
    '/api/clients',
    client('CL-0002', 'Walter', {
      postcode: 'LS6 4DX',
      latitude: HOME.latitude + ONE_KM_OF_LATITUDE,
      longitude: HOME.longitude,
    }),
  );
  const visit = (clientId: string, time: string, durationMinutes: number) =>
    send(admin.request, '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: londonTimeToInstant(day, time),
      durationMinutes,
      visitType: 'personal_care',
      tasks: ['Help with breakfast'],
    });
  // Edith 09:00–10:00, Walter 10:05 (5 minutes for a 6-minute drive), Edith again 11:00 (25 minutes: enough).
  await visit(edith, '09:00', 60);
  await visit(walter, '10:05', 30);
  await visit(edith, '11:00', 30);
}, 180_000);
afterAll(async () => env?.stop());

async function openSchedule(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}/schedule-day`);
  const date = page.getByLabel('Date', { exact: true });
  await date.fill(ukDate(day));
  await date.press('Enter');
  return page;
}

const travelNotes = (page: Page) => page.getByTestId('travel-note').allTextContents();

describe('Travel between visits on the daily schedule', () => {
  it('shows the travel on the timeline and the list at 1280 px, and flags the tight gap in words', async () => {
    const page = await openSchedule(admin);
    await expect.poll(() => page.getByTestId('timeline-block').count()).toBe(3);
    await expect.poll(() => travelNotes(page)).toEqual([TIGHT_IN_BLOCK, ROOMY]);
    const tight = page.getByTestId('travel-note').filter({ hasText: TIGHT });
    expect(await tight.getAttribute('class')).toContain('travel-note-tight');
    expect(await tight.getAttribute('title')).toBe(
      `${TIGHT}. About 1.3 km by road, estimated between the recorded addresses`,
    );
    // The block's own words stay whole: the client's name gives up its second line to the travel.
    const cut = await page
      .getByTestId('timeline-block')
      .evaluateAll(
        (blocks) =>
          blocks.filter((block) =>
            [...block.querySelectorAll('.timeline-block-client, .timeline-block-time, .travel-note')].some(
              (part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1,
            ),
          ).length,
      );
    expect(cut).toBe(0);
    await page.screenshot({ path: `${shots}/travel-time-timeline-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'List View' }).click();
    await expect.poll(() => page.getByTestId('schedule-item').count()).toBe(3);
    const items = page.getByTestId('schedule-item');
    expect(await items.nth(0).getByTestId('travel-note').count()).toBe(0);
    expect(await items.nth(1).getByTestId('travel-note').innerText()).toBe(TIGHT);
    expect(await items.nth(1).getByTestId('travel-note').getAttribute('title')).toBe(
      'About 1.3 km by road, estimated between the recorded addresses',
    );
    expect(await items.nth(2).getByTestId('travel-note').innerText()).toBe(ROOMY);
    await page.screenshot({ path: `${shots}/travel-time-list-1280.png`, fullPage: true });
    await page.close();
  }, 60_000);

  it("shows the travel on the rota's week, on the grid and on a phone's list of days, the tight gap in words", async () => {
    const page = await admin.newPage();
    await page.goto(`${env.product.url}/scheduling`);
    await page.getByLabel('Week of').fill(ukDate(day));
    const chip = (hour: number) =>
      page.locator(`td[data-date="${day}"][data-hour="${hour}"]`).getByTestId('rota-visit').getByTestId('travel-note');
    await expect.poll(() => chip(10).textContent()).toBe(TIGHT_IN_BLOCK);
    expect(await chip(11).textContent()).toBe(ROOMY);
    expect(await page.locator(`td[data-date="${day}"][data-hour="9"]`).getByTestId('travel-note').count()).toBe(0);
    await page.locator(`td[data-date="${day}"][data-hour="9"]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/travel-time-rota-1280.png` });
    await page.close();

    // A phone shows the week as a list of days, with room for the sentence.
    const phone = await env.signedInContext(PHONE);
    const list = await phone.newPage();
    await list.goto(`${env.product.url}/scheduling`);
    await list.getByLabel('Week of').fill(ukDate(day));
    const notes = list.getByRole('list', { name: /^Visits on / }).getByTestId('travel-note');
    await expect.poll(() => notes.allTextContents()).toEqual([TIGHT, ROOMY]);
    await notes.first().scrollIntoViewIfNeeded();
    await list.screenshot({ path: `${shots}/travel-time-rota-390.png` });
    await phone.close();
  }, 60_000);

  it.each([
    { viewport: DESKTOP, highContrast: false },
    { viewport: DESKTOP, highContrast: true },
    { viewport: PHONE, highContrast: false },
    { viewport: PHONE, highContrast: true },
  ])(
    'passes axe with the travel shown at $viewport.width px (high contrast: $highContrast)',
    async ({ viewport, highContrast }) => {
      const context = await env.signedInContext(viewport);
      if (highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
      const page = await openSchedule(context);
      const theme = highContrast ? '-high-contrast' : '';
      // A phone opens on the list; the desktop on the timeline. Both show the two notes.
      const tight = viewport === PHONE ? TIGHT : TIGHT_IN_BLOCK;
      await expect.poll(() => travelNotes(page)).toEqual([tight, ROOMY]);
      await page.screenshot({ path: `${shots}/travel-time-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      expect(await layoutFindings(page)).toEqual([]);
      await context.close();
    },
    60_000,
  );
});
