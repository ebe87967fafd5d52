import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { accessibilityFindings } from './axe-scan';
import { startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * Most severe first, in Chromium on the real product: the dashboard's Alerts table and Active Alerts, the bell's list
 * and the Alerts page put a critical alert above a newer low one, the Alerts page sorts by when raised on request,
 * and a critical alert raised while a page is open is read out by the shell's assertive live region and rings the
 * bell until it is opened.
 */
let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'severity e2e password 1';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const carer = { email: 'nia.osei@example.org', firstName: 'Nia', lastName: 'Osei' };
/** Minutes after a visit's start before the rules process raises it as running late (its smallest setting is 1). */
const GRACE_MINUTES = 15;
const LATE = 'Visit running late';
const OVERBOOKED = 'Carer booked past their daily maximum';
const EMERGENCY = `Emergency raised by ${carer.firstName} ${carer.lastName}`;

interface ListedAlert {
  id: string;
  title: string;
  severity: string;
  revision: string;
}

async function send(request: APIRequestContext, path: string, data: object, headers = {}): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url, ...headers },
  });
  const text = await reply.text();
  expect(reply.status(), text).toBeLessThan(300);
  return text === '' ? '' : ((JSON.parse(text) as { id?: string }).id ?? '');
}

async function openAlerts(query = ''): Promise<ListedAlert[]> {
  const reply = await admin.request.get(`${env.product.url}/api/alerts?active=true${query}`);
  expect(reply.status()).toBe(200);
  return (await reply.json()) as ListedAlert[];
}

/** Waits (up to 20 s) until `done` answers true: what beforeAll waits for, where expect.poll may not run. */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (const stop = Date.now() + 20_000; !(await done()); ) {
    if (Date.now() > stop) throw new Error(`still waiting after 20 s: ${done.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Two clients, a carer allowed one client a day, and a visit of hers that has just passed its late threshold. */
beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_alert_severity', {
    VISIT_LATE_GRACE_MINUTES: String(GRACE_MINUTES),
    VISIT_POLICY_INTERVAL_MS: '1000',
  });
  admin = await env.signedInContext(DESKTOP);
  const userId = await send(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  const carerId = await send(admin.request, '/api/carers', {
    ...carer,
    userId,
    employeeId: 'EMP-4301',
    startDate: '2024-03-01',
    maxClientsPerDay: 1,
  });
  const client = (clientId: string, firstName: string) =>
    send(admin.request, '/api/clients', {
      clientId,
      firstName,
      lastName: 'Whitfield',
      dateOfBirth: '1936-02-11',
      address: '3 Chapel Street, Leeds LS6 3JP',
      emergencyContact: 'Mark Whitfield',
      emergencyPhone: '07700 900456',
      careLevel: 'medium',
    });
  const clients = [await client('CL-4301', 'Ada'), await client('CL-4302', 'Bea')];
  const visit = (clientId: string, start: Date) =>
    send(admin.request, '/api/appointments', {
      clientId,
      carerId,
      scheduledStart: start.toISOString(),
      durationMinutes: 60,
      visitType: 'personal_care',
      tasks: ['Help with lunch'],
    });

  // First a high alert (the late visit), escalated to critical, then a low one raised after it: two clients tomorrow.
  await visit(clients[0]!, new Date(Date.now() - GRACE_MINUTES * 60_000 - 2_000));
  await until(async () => (await openAlerts()).some((alert) => alert.title === LATE));
  const late = (await openAlerts())[0]!;
  await send(
    admin.request,
    `/api/alerts/${late.id}/escalate`,
    { severity: 'critical', reason: 'Client is diabetic and missed lunch' },
    { 'If-Match': late.revision },
  );
  const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
  tomorrow.setUTCHours(10, 0, 0, 0);
  await visit(clients[0]!, tomorrow);
  await visit(clients[1]!, new Date(tomorrow.getTime() + 4 * 60 * 60_000));
  // The newer low alert is there: newest first it comes first.
  await until(async () => (await openAlerts('&sort=newest'))[0]?.title === OVERBOOKED);
}, 180_000);
afterAll(async () => env?.stop());

/** Every text the shell's assertive region has held since the page started, in order (recorded by the page itself). */
const RECORD_ANNOUNCEMENTS = `
  window.announced = [];
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid="critical-alert-announcer"]')?.textContent ?? '';
    if (text !== '' && window.announced.at(-1) !== text) window.announced.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;
const announced = (page: Page) => page.evaluate('window.announced') as Promise<string[]>;
const bellClass = (page: Page) => page.getByTestId('alert-bell').getAttribute('class');
const firstRow = (page: Page) => page.getByTestId('dashboard-alert-row').first().innerText();

describe('Alerts most severe first, and a new critical alert announced', () => {
  it('puts the critical alert above the newer low one on the dashboard, announces a critical alert raised after the page loaded and rings the bell until it is opened', async () => {
    await admin.addInitScript(RECORD_ANNOUNCEMENTS);
    const page = await admin.newPage();
    await page.goto(`${env.product.url}/`);
    await expect.poll(() => page.getByTestId('dashboard-alert-row').count()).toBe(2);
    expect(await firstRow(page)).toContain(LATE);
    expect(await page.getByTestId('dashboard-alert-row').nth(1).innerText()).toContain(OVERBOOKED);
    await expect
      .poll(() => page.getByTestId('active-alerts').getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining(LATE), expect.stringContaining(OVERBOOKED)]);

    // The carer raises an emergency: a critical alert this page has not seen, announced once, by its title.
    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    await send(phone.request, '/api/emergencies', { location: null });
    await expect.poll(() => announced(page)).toEqual([`New critical alert: ${EMERGENCY}`]);
    expect(await page.getByTestId('critical-alert-announcer').getAttribute('role')).toBe('alert');
    await expect.poll(() => bellClass(page)).toContain('alert-bell-new-critical');
    // Newest first within a severity: the emergency above the escalated late visit, the low one last.
    await expect.poll(() => page.getByTestId('dashboard-alert-row').count()).toBe(3);
    expect(await firstRow(page)).toContain(EMERGENCY);
    await page.screenshot({
      path: `${shots}/severity-bell-ringing-1280.png`,
      clip: { x: 640, y: 0, width: 640, height: 64 },
    });

    // Opening the bell shows the list, most severe first, and ends the cue.
    await page.getByTestId('alert-bell').click();
    const popover = page.getByRole('dialog', { name: 'Latest alerts' });
    await expect.poll(() => popover.getByRole('listitem').count()).toBe(3);
    expect(await popover.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining(EMERGENCY),
      expect.stringContaining(LATE),
      expect.stringContaining(OVERBOOKED),
    ]);
    await expect.poll(() => bellClass(page)).not.toContain('alert-bell-new-critical');
    await page.keyboard.press('Escape');
    expect(await announced(page)).toEqual([`New critical alert: ${EMERGENCY}`]);
    await Promise.all([phone.close(), page.close()]);
  }, 90_000);

  it('sorts the Alerts page with a labelled Sort by select, worked from the keyboard', async () => {
    const page = await admin.newPage();
    await page.goto(`${env.product.url}/alerts`);
    const titles = () => page.getByTestId('alert-row').locator('.alert-cell-title').allInnerTexts();
    await expect.poll(titles).toEqual([EMERGENCY, LATE, OVERBOOKED]);
    const sortBy = page.getByLabel('Sort by');
    expect(await sortBy.inputValue()).toBe('severity');
    await sortBy.focus();
    await page.keyboard.press('ArrowDown'); // Newest first
    await expect.poll(titles).toEqual([EMERGENCY, OVERBOOKED, LATE]);
    await page.keyboard.press('ArrowDown'); // Oldest first
    await expect.poll(titles).toEqual([LATE, OVERBOOKED, EMERGENCY]);
    expect(await page.getByRole('table').locator('caption').innerText()).toBe('Active alerts, oldest first');
    await page.close();
  }, 60_000);

  it.each([
    { viewport: DESKTOP, highContrast: false },
    { viewport: DESKTOP, highContrast: true },
    { viewport: PHONE, highContrast: false },
    { viewport: PHONE, highContrast: true },
  ])(
    'passes axe on the dashboard and the Alerts page at $viewport.width px (high contrast: $highContrast)',
    async ({ viewport, highContrast }) => {
      const context = await env.signedInContext(viewport);
      if (highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
      const page = await context.newPage();
      const theme = highContrast ? '-high-contrast' : '';
      await page.goto(`${env.product.url}/`);
      await expect.poll(() => page.getByTestId('dashboard-alert-row').count()).toBe(3);
      await expect.poll(() => page.getByTestId('active-alerts').getByRole('listitem').count()).toBe(3);
      await page.screenshot({ path: `${shots}/severity-dashboard-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      await page.goto(`${env.product.url}/alerts`);
      await expect.poll(() => page.getByTestId('alert-row').count()).toBe(3);
      await page.screenshot({ path: `${shots}/severity-alerts-${viewport.width}${theme}.png`, fullPage: true });
      expect(await accessibilityFindings(page)).toBe('');
      await context.close();
    },
    60_000,
  );

  it('shows the key figures two to a row on a phone, and each alert as a card: severity and message across it, who and when, then its buttons, none cut off', async () => {
    const context = await env.signedInContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${env.product.url}/`);
    // The key figures above, two to a row and compact: each tile's icon beside its label, the figure under them.
    const tiles = page.getByRole('list', { name: 'Key figures' }).getByRole('link');
    await expect.poll(() => tiles.count()).toBe(5);
    const [first, second] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!];
    expect(Math.abs(first.y - second.y)).toBeLessThan(2);
    expect(second.x).toBeGreaterThan(first.x + first.width);
    const icon = (await tiles.nth(0).locator('.stat-icon').boundingBox())!;
    const label = (await tiles.nth(0).locator('.stat-label').boundingBox())!;
    expect(label.x).toBeGreaterThanOrEqual(icon.x + icon.width);
    expect(Math.abs(icon.y + icon.height / 2 - (label.y + label.height / 2))).toBeLessThan(8);

    const row = page.getByTestId('dashboard-alert-row').filter({ hasText: EMERGENCY });
    await row.scrollIntoViewIfNeeded();
    const card = (await row.boundingBox())!;
    const inside = async (part: Locator) => {
      const box = (await part.boundingBox())!;
      return box.x >= card.x - 1 && box.x + box.width <= card.x + card.width + 1;
    };
    // The column headings are not shown above cards; the message runs the card's width, not a squeezed column.
    expect(await page.getByTestId('dashboard-alerts-table').locator('thead').isVisible()).toBe(false);
    const message = row.locator('td[data-label="Message"]');
    expect(await message.innerText()).toContain(EMERGENCY);
    expect((await message.boundingBox())!.width).toBeGreaterThan(card.width * 0.9);
    for (const part of [
      message.getByText('Critical', { exact: true }),
      message,
      row.getByText(`${carer.firstName} ${carer.lastName}`, { exact: true }),
      row.locator('td[data-label="Date"]'),
      row.locator('td[data-label="Time"]'),
      row.getByRole('button', { name: `Acknowledge: ${EMERGENCY}` }),
      row.getByRole('button', { name: `Resolve: ${EMERGENCY}` }),
      row.getByRole('button', { name: `Make task: ${EMERGENCY}` }),
    ]) {
      expect(await part.isVisible()).toBe(true);
      expect(await inside(part)).toBe(true);
    }
    // A card, not a list of labelled lines: the severity badge opens it at its left edge, who and when share the line
    // under the message, and the buttons come last.
    const badge = (await message.getByText('Critical', { exact: true }).boundingBox())!;
    expect(badge.x - card.x).toBeLessThan(4);
    const middle = async (part: Locator) => {
      const box = (await part.boundingBox())!;
      return box.y + box.height / 2;
    };
    const who = await middle(row.locator('td[data-label="User"]'));
    expect(Math.abs(who - (await middle(row.locator('td[data-label="Date"]'))))).toBeLessThan(4);
    expect(Math.abs(who - (await middle(row.locator('td[data-label="Time"]'))))).toBeLessThan(4);
    expect(who).toBeGreaterThan(await middle(message));
    expect(await middle(row.getByRole('button', { name: `Acknowledge: ${EMERGENCY}` }))).toBeGreaterThan(who);
    // The card fits the phone's width: nothing of it hides past the table's edge.
    const wrap = (await page.getByTestId('dashboard-alerts-table').locator('..').boundingBox())!;
    expect(card.x + card.width).toBeLessThanOrEqual(wrap.x + wrap.width + 1);
    await page.screenshot({ path: `${shots}/severity-dashboard-alert-cards-390.png` });
    await context.close();
  }, 60_000);
});
