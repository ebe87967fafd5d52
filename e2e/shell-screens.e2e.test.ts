import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * The shell screens in Chromium: a carer's Raise emergency reaching a coordinator's screen live (a second
 * browser, no reload), and the header's global search used from the keyboard alone.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'shell screens e2e password';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const carer = { email: 'nia.okafor@example.org', firstName: 'Nia', lastName: 'Okafor' };
const coordinator = { email: 'cora.ndiaye@example.org', firstName: 'Cora', lastName: 'Ndiaye' };
/** Leeds city centre, as the carer's phone reports it. */
const HERE = { latitude: 53.8008, longitude: -1.5491, accuracy: 15 };
const ON_CALL = '0113 496 0000';

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  return ((await reply.json()) as { id: string }).id;
}

const client = (clientRef: string, firstName: string, lastName: string) => ({
  clientId: clientRef,
  firstName,
  lastName,
  dateOfBirth: '1938-05-14',
  address: '4 Mill Lane, Leeds LS6 2AB',
  emergencyContact: 'Paul Green (son)',
  emergencyPhone: '07700 900123',
  careLevel: 'medium',
});

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_shell_screens', {
    AGENCY_ON_CALL_PHONE: ON_CALL,
    SUPPORT_EMAIL: 'help@agency.example',
  });
  admin = await env.signedInContext();
  const carerUser = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  await post(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  const carerId = await post(admin.request, '/api/carers', {
    ...carer,
    userId: carerUser,
    employeeId: 'EMP-1601',
    startDate: '2024-03-01',
  });
  await post(admin.request, '/api/carers', {
    firstName: 'Gareth',
    lastName: 'Pryce',
    email: 'gareth@example.org',
    employeeId: 'EMP-1602',
    startDate: '2024-03-01',
  });
  const edith = await post(admin.request, '/api/clients', client('CL-1601', 'Edith', 'Green'));
  await post(admin.request, '/api/clients', client('CL-1602', 'Edwin', 'Greaves'));
  await post(admin.request, '/api/appointments', {
    clientId: edith,
    carerId,
    scheduledStart: new Date(Date.now() + 3600_000).toISOString(),
    durationMinutes: 60,
  });
}, 180_000);
afterAll(async () => env?.stop());

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.2 A and AA findings on what the page shows now. The brand colours' contrast is the shell's
 * (the accessibility suite), so contrast counts here only on this file's screens and controls.
 */
async function findings(page: Page): Promise<{ rule: string; targets: string[] }[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(await axeSource);
  const results = (await page.evaluate(
    "window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })",
  )) as { violations: { id: string; nodes: { target: string[] }[] }[] };
  const ours = /emergency|settings|search|help/;
  return results.violations
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes
        .map((node) => node.target.join(' '))
        .filter((target) => violation.id !== 'color-contrast' || ours.test(target)),
    }))
    .filter((finding) => finding.targets.length > 0);
}

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

describe('the emergency screen', () => {
  it("a carer raises an emergency and it appears on the coordinator's screen live, with the location", async () => {
    const office = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const dashboard = await open(office, '/');
    await expect.poll(() => dashboard.getByRole('heading', { name: 'Dashboard Overview' }).isVisible()).toBe(true);
    expect(await dashboard.getByRole('alert', { name: 'Emergencies' }).count()).toBe(0);

    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    await phone.grantPermissions(['geolocation'], { origin: env.product.url });
    await phone.setGeolocation(HERE);
    const page = await open(phone, '/');
    // From the mobile menu's quick action, as a carer would.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Emergency', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Emergency', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Call 999' }).getAttribute('href')).toBe('tel:999');
    expect(await page.getByRole('link', { name: /Call on-call/ }).getAttribute('href')).toBe('tel:01134960000');
    const contact = page.getByRole('link', { name: /Paul Green \(son\)/ });
    await expect.poll(() => contact.isVisible()).toBe(true);
    expect(await contact.getAttribute('href')).toBe('tel:07700900123');
    await expect.poll(() => page.getByText('Edith Green', { exact: true }).isVisible()).toBe(true);
    const raise = page.getByRole('button', { name: 'Raise emergency' });
    const box = await raise.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(80);
    await page.screenshot({ path: `${shots}/emergency-390.png`, fullPage: true });
    expect(await findings(page)).toEqual([]);
    // No sideways scrolling on the phone.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    await raise.click();
    await expect
      .poll(() =>
        page.getByText(/Emergency raised at .*The coordinators have been alerted with your location\./).isVisible(),
      )
      .toBe(true);

    // The coordinator's dashboard, untouched since it loaded, shows it through the alerts push.
    const banner = dashboard.getByRole('alert', { name: 'Emergencies' });
    await expect.poll(() => banner.getByText('Emergency raised by Nia Okafor').isVisible()).toBe(true);
    await expect
      .poll(() =>
        banner
          .getByText(
            /at Edith Green's \(4 Mill Lane, Leeds LS6 2AB\)\. Location: 53\.800800, -1\.549100 \(within 15 m\)\./,
          )
          .isVisible(),
      )
      .toBe(true);
    await dashboard.screenshot({ path: `${shots}/emergency-banner-1280.png` });
    expect(await findings(dashboard)).toEqual([]);
    // Acknowledged: someone is on it, and the banner goes.
    await banner.getByRole('button', { name: 'Acknowledge' }).click();
    await expect.poll(() => dashboard.getByRole('alert', { name: 'Emergencies' }).count()).toBe(0);
    await office.close();
    await phone.close();
  });

  it('shows five emergencies at once over the screen and counts the rest, with the way to them on Alerts', async () => {
    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    for (let n = 1; n <= 6; n += 1) {
      const reply = await phone.request.post(`${env.product.url}/api/emergencies`, {
        data: { location: null, note: `Emergency number ${n}` },
        headers: { origin: env.product.url },
      });
      expect(reply.status(), await reply.text()).toBe(201);
    }
    await phone.close();

    const office = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const dashboard = await open(office, '/');
    const banner = dashboard.getByRole('alert', { name: 'Emergencies' });
    await expect.poll(() => banner.getByText('1 more emergency waiting').isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'Acknowledge' }).count()).toBe(5);
    await dashboard.screenshot({ path: `${shots}/emergency-banner-more-1280.png` });
    expect(await findings(dashboard)).toEqual([]);
    await banner.getByRole('link', { name: 'see them all on Alerts' }).click();
    await expect.poll(() => new URL(dashboard.url()).pathname).toBe('/alerts');

    // Someone is on each of them: the banner goes, as the other screens expect.
    const open6 = await office.request.get(`${env.product.url}/api/alerts?status=active&rule=emergency&limit=50`);
    for (const alert of (await open6.json()) as { id: string; revision: string }[]) {
      const reply = await office.request.post(`${env.product.url}/api/alerts/${alert.id}/acknowledge`, {
        data: {},
        headers: { origin: env.product.url, 'If-Match': alert.revision },
      });
      expect(reply.status(), await reply.text()).toBe(200);
    }
    await expect.poll(() => dashboard.getByRole('alert', { name: 'Emergencies' }).count()).toBe(0);
    await office.close();
  });

  it('with no on-call number, an administrator is sent to the setting and a carer is told whom to ask', async () => {
    // The agency has not set one: the server's answer without it.
    const withoutOnCall = async (context: BrowserContext) => {
      await context.route('**/api/emergency', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), onCallPhone: null } });
      });
      return open(context, '/emergency');
    };
    const office = await env.signedInContext(PHONE);
    const page = await withoutOnCall(office);
    const setting = page.getByRole('link', { name: 'Admin > Settings' });
    await expect.poll(() => setting.isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Call on-call/ }).count()).toBe(0);
    // The two emergency controls differ: Raise emergency says what it does.
    const raise = page.getByRole('button', { name: 'Raise emergency' });
    expect(await raise.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText())).toBe(
      'Alerts the office at once, with your location if your phone shares it.',
    );
    await page.screenshot({ path: `${shots}/emergency-no-on-call-390.png`, fullPage: true });
    expect(await findings(page)).toEqual([]);
    await setting.click();
    await expect.poll(() => page.getByLabel('On-call number').isVisible()).toBe(true);
    // The screen may still be asking for the contacts (it asks again when the connection returns): let it go.
    await office.unrouteAll({ behavior: 'ignoreErrors' });
    await office.close();

    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const carerPage = await withoutOnCall(phone);
    await expect
      .poll(() => carerPage.getByText('No on-call number has been set up. Ask your coordinator for it.').isVisible())
      .toBe(true);
    expect(await carerPage.getByRole('link', { name: 'Admin > Settings' }).count()).toBe(0);
    await phone.unrouteAll({ behavior: 'ignoreErrors' });
    await phone.close();
  });
});

describe('the header search', () => {
  it('is used from the keyboard: "/" focuses it, results are grouped, arrows move, Enter opens, Escape closes', async () => {
    const page = await open(admin, '/training');
    await expect.poll(() => page.getByRole('heading', { name: 'Training and Checklists' }).isVisible()).toBe(true);
    await page.locator('body').click({ position: { x: 600, y: 400 } });
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search users, carers and clients' });
    expect(await box.evaluate((element) => element.matches(':focus'))).toBe(true);

    // The header keeps room to type in, beside What's new, Get support and the rest.
    expect((await box.boundingBox())!.width).toBeGreaterThanOrEqual(180);
    await page.keyboard.type('gre');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect.poll(() => list.isVisible()).toBe(true);
    const clients = list.getByRole('group', { name: 'Clients' });
    await expect
      .poll(() => clients.getByRole('option').allInnerTexts())
      .toEqual([expect.stringContaining('Edwin Greaves'), expect.stringContaining('Edith Green')]);
    await page.screenshot({ path: `${shots}/header-search-1280.png` });
    expect(await findings(page)).toEqual([]);

    // The first arrow picks the first result, a second moves on; the box says which is active.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${activeId}"]`).innerText()).toContain('Edith Green');
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');

    // Escape closes the list and keeps the text; a second Escape clears it.
    await page.keyboard.press('Escape');
    await expect.poll(() => list.isVisible()).toBe(false);
    expect(await box.inputValue()).toBe('gre');
    await page.keyboard.press('Escape');
    expect(await box.inputValue()).toBe('');

    // Enter opens the active result: Edith's record on the clients screen.
    await page.keyboard.type('CL-1601');
    await expect.poll(() => list.getByRole('option').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: 'Client Records' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/clients');
    expect(await page.getByRole('searchbox', { name: 'Search clients' }).inputValue()).toBe('CL-1601');
    await expect.poll(() => page.getByText('Edith Green').first().isVisible()).toBe(true);
    expect(await page.getByText('Edwin Greaves').count()).toBe(0);

    // "/" typed into a field is text, not the shortcut.
    await page.getByRole('searchbox', { name: 'Search clients' }).fill('');
    await page.getByRole('searchbox', { name: 'Search clients' }).press('/');
    expect(await page.getByRole('searchbox', { name: 'Search clients' }).inputValue()).toBe('/');
  });

  it('finds for a carer only what they may open, on a phone through the search button', async () => {
    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const page = await open(phone, '/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const box = page.getByRole('combobox', { name: 'Search users, carers and clients' });
    await expect.poll(() => box.isVisible()).toBe(true);
    await box.fill('gre');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining('Edith Green')]);
    expect(await list.getByRole('group', { name: 'Users' }).count()).toBe(0);
    await box.fill('Pryce');
    await expect.poll(() => page.getByText('No results for “Pryce”').isVisible()).toBe(true);
    await phone.close();
  });
});

describe("settings, What's new and Get support", () => {
  it("changes the user's own name and password (the other browser is signed out) and keeps their notification choices", async () => {
    const user = { email: 'sam.settings@example.org', firstName: 'Sam', lastName: 'Old' };
    await post(admin.request, '/api/users', { ...user, role: 'carer', password: PASSWORD });
    const otherDevice = await env.signedInContext(PHONE, { email: user.email, password: PASSWORD });
    const context = await env.signedInContext(DESKTOP, { email: user.email, password: PASSWORD });
    const page = await open(context, '/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);

    await page.getByLabel('Last name').fill('Newman');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.locator('.sidebar-user-name').innerText()).toBe('Sam Newman');

    await page.getByLabel('Current password', { exact: true }).fill('not the password at all');
    await page.getByLabel('New password', { exact: true }).fill('a much newer passphrase');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a much newer passphrase');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Current password is incorrect').isVisible()).toBe(true);
    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Password changed', { exact: true }).isVisible()).toBe(true);
    // This browser carries on; the other device is signed out.
    expect((await context.request.get(`${env.product.url}/api/auth/user`)).status()).toBe(200);
    expect((await otherDevice.request.get(`${env.product.url}/api/auth/user`)).status()).toBe(401);

    const reminders = page.getByRole('checkbox', { name: 'Appointment reminders' });
    expect(await reminders.isChecked()).toBe(true);
    await reminders.uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Settings saved', { exact: true }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Appointment reminders' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Training expiry emails' }).isChecked()).toBe(true);
    await page.screenshot({ path: `${shots}/settings-1280.png`, fullPage: true });
    expect(await findings(page)).toEqual([]);
    await context.close();
    await otherDevice.close();
  });

  it('offers each person only the alert audiences they read for their bell, and keeps what they untick', async () => {
    const office = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const theirs = await open(office, '/settings');
    const bell = (page: Page) => page.getByRole('group', { name: 'Alerts in my bell' });
    await expect.poll(() => bell(theirs).getByRole('checkbox', { name: /^Care/ }).isChecked()).toBe(true);
    expect(
      await bell(theirs)
        .getByRole('checkbox', { name: /^People/ })
        .isChecked(),
    ).toBe(true);
    // Finance alerts are the administrators': a coordinator is not offered them.
    expect(await bell(theirs).getByRole('checkbox').count()).toBe(2);
    expect(
      await bell(theirs)
        .getByText(/Overdue invoices/)
        .count(),
    ).toBe(0);
    await office.close();

    const page = await open(admin, '/settings');
    const finance = bell(page).getByRole('checkbox', { name: /^Finance/ });
    await expect.poll(() => finance.isChecked()).toBe(true);
    expect(
      await bell(page)
        .getByText('Overdue invoices, contracts due for renewal and pay below the minimum wage')
        .isVisible(),
    ).toBe(true);
    await finance.uncheck();
    await page
      .locator('section.settings-card', { has: bell(page) })
      .getByRole('button', { name: 'Save Settings' })
      .click();
    await expect.poll(() => page.getByText('Settings saved', { exact: true }).isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => bell(page).getByRole('checkbox', { name: /^Care/ }).isChecked()).toBe(true);
    expect(
      await bell(page)
        .getByRole('checkbox', { name: /^Finance/ })
        .isChecked(),
    ).toBe(false);
    expect(await findings(page)).toEqual([]);
    await page.close();
  });

  it("shows the running version's release notes and the support contacts with a diagnostic block", async () => {
    const page = await open(admin, '/');
    // The header holds everything at 1280 px, bell and help included, without running off the edge.
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).first().isVisible()).toBe(true);
    const widths = (await page.evaluate(
      "(() => { const bar = document.querySelector('.topbar'); return JSON.stringify({ bar: [bar.scrollWidth, bar.clientWidth], parts: [...bar.querySelectorAll(':scope > *, .topbar-end > *')].map((el) => [el.className, Math.round(el.getBoundingClientRect().width)]) }); })()",
    )) as string;
    const { bar } = JSON.parse(widths) as { bar: [number, number] };
    expect(bar[0], widths).toBeLessThanOrEqual(bar[1]);
    const logout = await page.locator('.topbar').getByRole('button', { name: 'Logout' }).boundingBox();
    expect(logout!.x + logout!.width).toBeLessThanOrEqual(DESKTOP.width);
    // The search keeps room for its placeholder ("Search users, carers, clients...").
    const search = await page.getByRole('combobox', { name: 'Search users, carers and clients' }).boundingBox();
    expect(search!.width).toBeGreaterThanOrEqual(260);
    await page.getByRole('button', { name: "What's new" }).click();
    const notes = page.getByRole('dialog', { name: "What's new" });
    await expect.poll(() => notes.getByText(/^Version 2025\.1\.0, released/).isVisible()).toBe(true);
    await expect.poll(() => notes.getByRole('heading', { name: 'New', exact: true }).isVisible()).toBe(true);
    expect(await findings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => notes.count()).toBe(0);

    await page.getByRole('button', { name: 'Get support' }).click();
    const support = page.getByRole('dialog', { name: 'Get support' });
    await expect.poll(() => support.getByRole('link', { name: 'help@agency.example' }).isVisible()).toBe(true);
    await expect.poll(() => support.getByRole('link', { name: ON_CALL }).isVisible()).toBe(true);
    // An administrator finds the API reference here, for whoever connects the agency's other systems.
    expect(await support.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
    const diagnostics = await support.getByRole('textbox', { name: 'Diagnostic details' }).inputValue();
    expect(diagnostics).toMatch(
      /^Version: 2025\.1\.0\nTime: \d{4}-\d{2}-\d{2}T[\d:.]+Z \(UTC; browser time zone Europe\/London\)\nPage: \/\nRole: Administrator\nBrowser: Mozilla\/5\.0 .*Chrome/,
    );
    await page.screenshot({ path: `${shots}/get-support-1280.png` });
    expect(await findings(page)).toEqual([]);
  });
});

describe('the shell around every screen', () => {
  const current = (page: Page) =>
    page.getByRole('navigation', { name: 'Main navigation' }).locator('[aria-current=page]');

  it('takes an old /appointments link to the daily schedule, its query kept, with Schedule Day as the current entry', async () => {
    const page = await open(admin, '/appointments?from=bookmark');
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe('/schedule-day?from=bookmark');
    await expect.poll(() => current(page).allInnerTexts()).toEqual(['Schedule Day']);
    await page.close();
  });

  it('shows the current entry on screens reached from elsewhere: care monitoring under Visits, an emergency under Alerts', async () => {
    const page = await open(admin, '/monitoring');
    await expect.poll(() => page.getByRole('heading', { name: 'Care Monitoring & Management' }).isVisible()).toBe(true);
    expect(await current(page).allInnerTexts()).toEqual(['Visits']);
    await page.goto(`${env.product.url}/emergency`);
    await expect.poll(() => page.getByRole('heading', { name: 'Emergency', level: 1 }).isVisible()).toBe(true);
    expect(await current(page).allInnerTexts()).toEqual(['Alerts']);
    await page.close();
  });

  it('scrolls the current entry into view in a sidebar too long for a short screen', async () => {
    const short = await env.signedInContext({ width: 1280, height: 640 });
    const page = await open(short, '/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    // The first entries have scrolled away; Settings, the last, is wholly inside the sidebar's visible part.
    await expect.poll(() => nav.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    const inside = await nav.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const entry = element.querySelector('[aria-current=page]')!.getBoundingClientRect();
      return entry.top >= box.top && entry.bottom <= box.bottom;
    });
    expect(inside).toBe(true);
    await short.close();
  });

  it("names the header's icon-only buttons in a tooltip when a keyboard user reaches them", async () => {
    const page = await open(admin, '/');
    const accessibility = page.locator('.topbar').getByRole('button', { name: 'Accessibility' });
    await expect.poll(() => accessibility.isVisible()).toBe(true);
    await accessibility.focus();
    await page.keyboard.press('Tab');
    const tooltip = () =>
      page.evaluate(
        "(() => { const style = getComputedStyle(document.activeElement, '::after'); return style.visibility === 'visible' ? style.content : 'hidden'; })()",
      );
    // The bell, named with its figure.
    await expect.poll(tooltip).toMatch(/^"Alerts(, \d+ active)?"$/);
    await page.screenshot({
      path: `${shots}/header-tooltip-1280.png`,
      clip: { x: 640, y: 0, width: 640, height: 120 },
    });
    await page.close();
  });

  it("dates the sidebar's footer from the clock and shows the running version", async () => {
    const page = await open(admin, '/');
    const footer = page.locator('.sidebar-footer');
    await expect.poll(() => footer.isVisible()).toBe(true);
    expect(await footer.innerText()).toBe(`© ${new Date().getFullYear()} CareAgency · Version 2025.1.0`);
    await page.close();
  });
});

describe('the layout switch at 1024 px', () => {
  it('keeps what the user was doing when the window crosses it (a tablet turned): the tab chosen and the text typed', async () => {
    const page = await open(admin, '/medications');
    const log = page.getByRole('tab', { name: 'Administration Log' });
    await log.click();
    await page.getByLabel('Medicine', { exact: true }).fill('metf');
    for (const viewport of [{ width: 800, height: 1200 }, DESKTOP]) {
      await page.setViewportSize(viewport);
      // The other layout's chrome is drawn (the phone's bottom tabs, or the sidebar)...
      const phone = viewport.width < 1024;
      await expect.poll(() => page.getByRole('navigation', { name: 'Quick navigation' }).isVisible()).toBe(phone);
      await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(!phone);
      // ...around the same screen, still on its tab, with the search as typed.
      expect(await log.getAttribute('aria-selected')).toBe('true');
      expect(await page.getByLabel('Medicine', { exact: true }).inputValue()).toBe('metf');
    }
  });
});
