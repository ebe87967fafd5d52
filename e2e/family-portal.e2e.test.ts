import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AGENCY_SETTINGS } from '@care/events';
import { accessibilityFindings } from './axe-scan';
import { minutesFromNow, sampleClient, startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * The family portal in Chromium, as a relative uses it: the office invites them from the client's card, the mailed
 * link sets their password, they sign in on a phone and land on /family with the client's next visits. The carer's
 * check-in and check-out reach the open screen without a reload, with the note the carer shared and never one they
 * did not; another client's address is "not found", a staff address shows no staff screen, and the screens pass axe
 * at 390 and 1280 px in both themes. Withdrawing the last access sends the open screen to the sign-in page.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
let carer: BrowserContext;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const RELATIVE = { email: 'paula.green@example.org', name: 'Paula Green', password: 'family portal password 1' };
const CARER = { email: 'nadia.hussain@example.org', firstName: 'Nadia', lastName: 'Hussain' };
const CARER_PASSWORD = 'family portal carer password 1';
const SHARED_NOTE = 'Edith enjoyed her lunch and we walked to the garden.';
const UNSHARED_NOTE = 'Edith seemed low; raised with the office.';
let edithId: string;
let walterId: string;
const visitIds: string[] = [];

async function send(request: APIRequestContext, urlPath: string, data: unknown): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${urlPath}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), `${urlPath}: ${await reply.text()}`).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_family_portal');
  admin = await env.signedInContext(DESKTOP);
  const carerUserId = await send(admin.request, '/api/users', { ...CARER, role: 'carer', password: CARER_PASSWORD });
  const carerId = await send(admin.request, '/api/carers', {
    ...CARER,
    userId: carerUserId,
    employeeId: 'EMP-801',
    startDate: '2024-03-01',
    phoneNumber: '07700 900456',
  });
  edithId = await send(admin.request, '/api/clients', sampleClient('CL-7001', 'Edith', 'Green', '4 Mill Lane, Leeds'));
  walterId = await send(admin.request, '/api/clients', sampleClient('CL-7002', 'Walter', 'Pemberton', '12 Park Road'));
  // Two visits within the check-in window (the first to be shared, the second not) and one tomorrow.
  for (const [clientId, start, tasks] of [
    [edithId, minutesFromNow(5), ['Lunch', 'Walk to the garden']],
    [edithId, minutesFromNow(45), ['Tea']],
    [edithId, minutesFromNow(24 * 60), ['Breakfast']],
    [walterId, minutesFromNow(90), ['Shopping']],
  ] as const)
    visitIds.push(
      await send(admin.request, '/api/appointments', {
        clientId,
        carerId,
        scheduledStart: start,
        durationMinutes: 30,
        tasks,
      }),
    );
  carer = await env.signedInContext(DESKTOP, { email: CARER.email, password: CARER_PASSWORD });
  const settings = await admin.request.fetch(`${env.product.url}/api/settings`, {
    method: 'PUT',
    data: {
      ...DEFAULT_AGENCY_SETTINGS,
      agencyName: 'Riverside Care',
      agencyPhone: '0113 496 0000',
      agencyEmail: 'office@riverside.example',
      onCallPhone: '07700 900999',
    },
    headers: { origin: env.product.url },
  });
  expect(settings.status(), await settings.text()).toBe(200);
}, 180_000);
afterAll(async () => env?.stop());

/** The invitation mails' one-time links to the relative, oldest first, once the outbox has delivered `count`. */
async function invitationLinks(count: number): Promise<string[]> {
  const folder = path.join(env.dataDir, 'mail');
  const find = async () => {
    const links: { sent: number; link: string }[] = [];
    for (const file of existsSync(folder) ? await readdir(folder) : []) {
      const parsed = await simpleParser(await readFile(path.join(folder, file)));
      const to = parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '';
      const link = /https?:\/\/\S+\/landing\?invitation=\S+/.exec(parsed.text ?? '')?.[0];
      if (parsed.subject === 'You are invited to the family portal' && to.includes(RELATIVE.email) && link)
        links.push({ sent: parsed.date?.getTime() ?? 0, link });
    }
    return links.sort((a, b) => a.sent - b.sent).map(({ link }) => link);
  };
  await expect.poll(async () => (await find()).length).toBe(count);
  // A link starts with PUBLIC_URL; the test opens the same path on this run's address.
  return (await find()).map((found) => {
    const link = new URL(found);
    return `${env.product.url}${link.pathname}${link.search}`;
  });
}

const visible = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { message: String(text) }).toBe(true);
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function highContrast(page: Page, on: boolean): Promise<void> {
  await page.evaluate((value) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
    storage.setItem('highContrast', String(value));
  }, on);
  await page.reload();
  await expect.poll(() => section(page, 'Next visits').isVisible()).toBe(true);
}

/** axe (serious and critical) and no sideways scrolling, in the normal and the high-contrast theme; a picture of each. */
async function scanBothThemes(page: Page, width: number): Promise<void> {
  await visible(page, 'Tea');
  expect(await accessibilityFindings(page)).toBe('');
  await page.screenshot({ path: `/tmp/family-${width}.png`, fullPage: true });
  await highContrast(page, true);
  await visible(page, 'Tea');
  expect(await accessibilityFindings(page)).toBe('');
  await page.screenshot({ path: `/tmp/family-${width}-high-contrast.png`, fullPage: true });
  await highContrast(page, false);
}

describe('the family portal', () => {
  let family: BrowserContext;
  let page: Page;

  it('invites a relative from the client card; the mailed link sets a password and they land on /family', async () => {
    const office = await admin.newPage();
    await office.goto(`${env.product.url}/clients`);
    await office.getByRole('button', { name: 'Family access for Edith Green' }).click();
    const dialog = office.getByRole('dialog', { name: 'Family access: Edith Green' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Invite family member' }).click();
    await dialog.getByLabel('Email').fill(RELATIVE.email);
    await dialog.getByLabel('Name').fill(RELATIVE.name);
    await dialog.getByLabel('Consent recorded by').fill('Ada Admin');
    await dialog.getByLabel('Consent given on').fill('01/11/2026 10:00');
    await dialog.getByLabel('Share the medication summary (the client has agreed)').check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.getByText('Invited', { exact: true }).isVisible()).toBe(true);
    await office.close();

    family = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });
    page = await family.newPage();
    await page.goto((await invitationLinks(1))[0]!);
    await visible(page, 'Welcome to the family portal');
    await page.getByLabel('New password', { exact: true }).fill(RELATIVE.password);
    await page.getByLabel('Confirm password').fill(RELATIVE.password);
    await page.getByRole('button', { name: 'Set my password' }).click();
    await visible(page, 'Your access is ready');
    await page.getByLabel('Email').fill(RELATIVE.email);
    await page.getByLabel('Password', { exact: true }).fill(RELATIVE.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();

    await expect.poll(() => new URL(page.url()).pathname).toBe('/family');
    await expect.poll(() => page.getByRole('heading', { name: 'Edith Green' }).isVisible()).toBe(true);
    const next = section(page, 'Next visits');
    await expect.poll(() => next.locator('.family-visit').count()).toBe(3);
    await expect.poll(() => next.locator('.family-visit-next').textContent()).toContain('Carer: Nadia');
    expect(await next.textContent()).not.toContain('Hussain');
    await visible(page, 'No visits have taken place yet.');
    // The medicines are shared with this relative; the staff navigation is not there at all.
    await expect.poll(() => section(page, 'Medicines (last 7 days)').isVisible()).toBe(true);
    // The agency's numbers are links that dial, its email one that writes.
    const agency = section(page, 'Contact the agency');
    await expect
      .poll(() => agency.getByRole('link', { name: 'Call 0113 496 0000' }).getAttribute('href'))
      .toBe('tel:01134960000');
    expect(await agency.getByRole('link', { name: 'Email office@riverside.example' }).getAttribute('href')).toBe(
      'mailto:office@riverside.example',
    );
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
  });

  it('shows the check-in and the shared note without a reload, and never a note the carer did not share', async () => {
    // A mark on this page's window: a reload would lose it.
    await page.evaluate(() => {
      (globalThis as unknown as { familyMark: number }).familyMark = 1;
    });
    const [first, second] = visitIds;
    await send(carer.request, `/api/appointments/${first}/check-in`, { source: 'Mobile' });
    await visible(page, 'Carer there now');
    await send(carer.request, `/api/appointments/${first}/check-out`, {
      source: 'Mobile',
      tasksCompleted: ['Lunch'],
      notes: SHARED_NOTE,
      shareWithFamily: true,
    });
    const past = section(page, 'Past visits');
    await expect.poll(() => past.getByText(SHARED_NOTE).isVisible()).toBe(true);
    expect(await past.getByText('Note from Nadia').isVisible()).toBe(true);
    await expect.poll(() => past.textContent()).toMatch(/Arrived\d\d:\d\d, on the carer's phone/);

    await send(carer.request, `/api/appointments/${second}/check-in`, { source: 'Mobile' });
    await send(carer.request, `/api/appointments/${second}/check-out`, {
      source: 'Mobile',
      tasksCompleted: ['Tea'],
      notes: UNSHARED_NOTE,
    });
    await expect.poll(() => past.locator('.family-visit').count()).toBe(2);
    await expect.poll(() => past.getByText('Tea').isVisible()).toBe(true);
    expect(await page.content()).not.toContain(UNSHARED_NOTE);
    expect(await page.evaluate(() => (globalThis as unknown as { familyMark?: number }).familyMark)).toBe(1);
    // After a reload too, only the shared note is there.
    await page.reload();
    await visible(page, SHARED_NOTE);
    expect(await page.content()).not.toContain(UNSHARED_NOTE);
  });

  it("raises a concern about a visit; the office replies from the welfare list and the reply shows on the family's screen", async () => {
    const CONCERN = 'The tea visit was only ten minutes long.';
    const REPLY = 'Thank you for telling us. We have spoken to the carer and will call you today.';
    const past = section(page, 'Past visits');
    const teaVisit = past.locator('.family-visit').filter({ hasText: 'Tea' });
    await teaVisit.getByRole('button', { name: 'Raise a concern or compliment' }).click();
    // An empty message is refused in the form, under its field.
    await teaVisit.getByRole('button', { name: 'Send to the office' }).click();
    await expect.poll(() => teaVisit.getByLabel('Your message').getAttribute('aria-invalid')).toBe('true');
    await teaVisit.getByLabel('Your message').fill(CONCERN);
    await teaVisit.getByRole('button', { name: 'Send to the office' }).click();
    await visible(page, 'Your concern was sent to the office');
    const messages = section(page, 'Your messages');
    await expect.poll(() => messages.textContent()).toContain(CONCERN);
    expect(await messages.textContent()).toContain('Waiting for the office to reply.');

    // The office finds it among the welfare concerns, with who sent it and about which client, and replies.
    const office = await admin.newPage();
    await office.goto(`${env.product.url}/diary?welfare=true`);
    const concerns = office.getByRole('region', { name: /^Concerns from families/ });
    await expect.poll(() => concerns.textContent()).toContain(CONCERN);
    expect(await concerns.textContent()).toMatch(/Concern about Edith Green \(about a visit\) from Paula Green/);
    await concerns.getByRole('button', { name: 'Reply to family' }).click();
    await concerns.getByLabel('Reply to family').fill(REPLY);
    await concerns.getByRole('button', { name: 'Send reply' }).click();
    await visible(office, 'Reply sent to the family');
    // Answered, it leaves the list of those waiting.
    await expect.poll(() => office.getByText(CONCERN).count()).toBe(0);
    await office.close();

    // The family's open screen shows the reply without a reload.
    await expect.poll(() => messages.textContent()).toContain(REPLY);
    expect(await messages.textContent()).not.toContain('Waiting for the office to reply.');
  });

  it('shows another client, or a staff screen, as not found', async () => {
    await page.goto(`${env.product.url}/family?client=${walterId}`);
    await visible(page, 'Client not found');
    expect(await page.content()).not.toContain('Pemberton');
    await page.goto(`${env.product.url}/carers`);
    await visible(page, 'Page Not Found');
    expect(await page.getByRole('heading', { name: 'Carers' }).count()).toBe(0);
    // "/" is the family portal for them.
    await page.goto(`${env.product.url}/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/family');
  });

  it('passes axe at 390 px and at 1280 px in the normal and the high-contrast theme', async () => {
    await page.goto(`${env.product.url}/family`);
    await scanBothThemes(page, PHONE.width);
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
            .scrollWidth,
      ),
    ).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
    await scanBothThemes(page, DESKTOP.width);
  });

  it('offers the choice of client to someone following two people, and remembers it', async () => {
    await send(admin.request, `/api/clients/${walterId}/family`, {
      email: RELATIVE.email,
      name: RELATIVE.name,
      relationship: 'relative',
      consentRecordedBy: 'Ada Admin',
      consentRecordedAt: '2026-11-01T10:00:00.000Z',
    });
    // The second link, opened on another device: someone who already signs in only accepts, keeping their password.
    const other = await env.browser.newContext({ viewport: PHONE, locale: 'en-GB', timezoneId: 'Europe/London' });
    const linkPage = await other.newPage();
    await linkPage.goto((await invitationLinks(2))[1]!);
    await visible(linkPage, 'You already sign in to the family portal');
    expect(await linkPage.getByLabel('New password', { exact: true }).count()).toBe(0);
    expect(await accessibilityFindings(linkPage)).toBe('');
    await linkPage.screenshot({ path: '/tmp/family-accept-invitation-390.png', fullPage: true });
    await linkPage.getByRole('button', { name: 'Accept the invitation' }).click();
    await visible(linkPage, 'Your access is ready. Log in with your email and your usual password.');
    await other.close();

    // The open screen keeps its session and offers the new client without a reload.
    const clients = page.getByRole('navigation', { name: 'Your clients' });
    await expect.poll(() => clients.getByRole('link', { name: 'Walter Pemberton' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Edith Green' }).isVisible()).toBe(true);

    // The last client opened comes back; the other is a link away, and is then the one remembered.
    await page.goto(`${env.product.url}/family`);
    await expect.poll(() => clients.getByRole('link', { name: 'Walter Pemberton' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Edith Green' }).isVisible()).toBe(true);
    await clients.getByRole('link', { name: 'Walter Pemberton' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Walter Pemberton' }).isVisible()).toBe(true);
    await expect.poll(() => section(page, 'Next visits').locator('.family-visit').count()).toBe(1);
    // Walter has not agreed to share his medicines with this relative.
    expect(await section(page, 'Medicines (last 7 days)').count()).toBe(0);
    await page.goto(`${env.product.url}/family`);
    await expect.poll(() => page.getByRole('heading', { name: 'Walter Pemberton' }).isVisible()).toBe(true);

    // Nothing remembered: the person is asked.
    await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
    await page.reload();
    await visible(page, 'Whose care would you like to see?');
    expect(await accessibilityFindings(page)).toBe('');
    await page.getByRole('link', { name: /Edith Green/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edith Green' }).isVisible()).toBe(true);
  });

  it('drops a withdrawn client from the open screen, and signs out when the last access is withdrawn', async () => {
    await page.goto(`${env.product.url}/family`);
    await visible(page, SHARED_NOTE);
    const withdraw = async (clientId: string) => {
      const list = await admin.request.get(`${env.product.url}/api/clients/${clientId}/family`);
      const [access] = (await list.json()) as { accessId: string }[];
      await send(admin.request, `/api/family-access/${access!.accessId}/withdraw`, { reason: 'The client asked' });
    };
    await withdraw(edithId);
    // Still signed in for Walter: the screen moves to him without a reload.
    await expect.poll(() => page.getByRole('heading', { name: 'Walter Pemberton' }).isVisible()).toBe(true);
    expect(await page.content()).not.toContain(SHARED_NOTE);
    await withdraw(walterId);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/landing');
    await visible(page, 'You have been signed out.');
    await page.screenshot({ path: '/tmp/family-signed-out.png' });
  });
});
