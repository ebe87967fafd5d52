import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { APIRequestContext, BrowserContext, Locator, Page } from 'playwright-core';
import { pdfText } from '@care/documents/testing';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'incidents e2e password 1';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const coordinator = { email: 'priya.shah@example.org', firstName: 'Priya', lastName: 'Shah' };
const carer = { email: 'tom.reid@example.org', firstName: 'Tom', lastName: 'Reid' };

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
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_incidents');
  admin = await env.signedInContext(DESKTOP);
  const carerUser = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  await post(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  const carerId = await post(admin.request, '/api/carers', {
    ...carer,
    userId: carerUser,
    employeeId: 'EMP-1801',
    startDate: '2024-03-01',
  });
  const clientId = await post(admin.request, '/api/clients', {
    clientId: 'CL-1801',
    firstName: 'Mabel',
    lastName: 'Hughes',
    dateOfBirth: '1934-09-02',
    address: '12 Park Row, Leeds LS1 5HD',
    emergencyContact: 'Alan Hughes',
    emergencyPhone: '07700 900789',
    careLevel: 'high',
  });
  await post(admin.request, '/api/appointments', {
    clientId,
    carerId,
    scheduledStart: new Date(Date.now() + 5 * 60_000).toISOString(),
    durationMinutes: 45,
    visitType: 'personal_care',
    tasks: ['Help with washing'],
  });
}, 180_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const bellName = (page: Page) => page.getByTestId('alert-bell').getAttribute('aria-label');
const tile = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA findings of axe-core on what the page shows now. */
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
/** Whether the page scrolls sideways (a phone screen must not). */
/** A card's less frequent actions sit under its More actions button: open the list, then choose one. */
async function moreActions(card: Locator, action: string) {
  await card.getByRole('button', { name: 'More actions' }).click();
  const menu = card.page().getByRole('dialog', { name: /^More actions for / });
  await menu.getByRole('button', { name: action, exact: true }).click();
}
const scrollsSideways = (page: Page) =>
  page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth');

describe('Incidents in Chromium', () => {
  it('a carer reports a fall from the phone; the coordinator sees it live, investigates, notes, escalates, resolves, closes and downloads the Full Report', async () => {
    const coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
    const dashboard = await open(coordinatorContext, '/');
    await expect.poll(() => tile(dashboard, 'tile-incidents')).toBe('0');
    await expect.poll(() => bellName(dashboard)).toBe('Alerts, 0 active');
    await dashboard.evaluate('window.sameDocument = true');

    // The carer, on a phone, reports a fall from the visit card of Check In.
    const phone = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
    const checkIn = await open(phone, '/check-in');
    const visit = checkIn.getByTestId('check-in-visit').filter({ hasText: 'Mabel Hughes' });
    await visit.getByRole('button', { name: 'Report Incident' }).click();
    const form = checkIn.getByRole('dialog', { name: 'Report Incident: Mabel Hughes' });
    await form.getByRole('button', { name: 'Report Incident' }).click();
    await expect.poll(() => form.getByText('Title is required').isVisible()).toBe(true);
    await form.getByLabel('Type').selectOption('accident');
    await form.getByLabel('Severity').selectOption('critical');
    await form.getByLabel('Title').fill('Fall in the bathroom');
    await form
      .getByLabel('Description')
      .fill('Mrs Hughes slipped getting out of the bath and hit her hip. Conscious and talking.');
    await form.getByLabel('Location').fill('Bathroom');
    await form.getByLabel('Immediate action taken').fill('Called 111, stayed with her until the paramedics came');
    await checkIn.screenshot({ path: `${shots}/incident-report-390.png`, fullPage: true });
    expect(await scrollsSideways(checkIn)).toBe(false);
    expect(await accessibilityFindings(checkIn)).toEqual([]);
    await form.getByRole('button', { name: 'Report Incident' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => checkIn.getByText('Incident reported').first().isVisible()).toBe(true);

    // The coordinator's dashboard follows without a reload: the Incidents tile, and the critical alert in the bell.
    await expect.poll(() => tile(dashboard, 'tile-incidents')).toBe('1');
    await expect.poll(() => bellName(dashboard)).toBe('Alerts, 1 active');
    expect(await dashboard.evaluate("'sameDocument' in window")).toBe(true);

    // The carer sees their own report on the incidents screen (and no management buttons).
    const carerList = await open(phone, '/incidents');
    const own = carerList.getByTestId('incident-card').filter({ hasText: 'Fall in the bathroom' });
    await expect.poll(() => own.isVisible()).toBe(true);
    expect(await own.getByRole('button').allInnerTexts()).toEqual(['View Details']);
    expect(await own.getByRole('link', { name: 'Download Full Report' }).isVisible()).toBe(true);
    await carerList.screenshot({ path: `${shots}/incidents-carer-390.png`, fullPage: true });
    expect(await scrollsSideways(carerList)).toBe(false);

    // The coordinator opens Incident Management: the cards count it; the card shows the visit's client and carer.
    const page = await open(coordinatorContext, '/incidents');
    await expect.poll(() => page.getByTestId('incidents-critical').innerText()).toBe('1');
    expect([
      await page.getByTestId('incidents-open').innerText(),
      await page.getByTestId('incidents-week').innerText(),
      await page.getByTestId('incidents-total').innerText(),
    ]).toEqual(['1', '1', '1']);
    const card = page.getByTestId('incident-card').filter({ hasText: 'Fall in the bathroom' });
    await expect
      .poll(() => card.getByText('Client: Mabel Hughes · Carer: Tom Reid · Reported by Tom Reid').isVisible())
      .toBe(true);
    // One main action on the card; the rest (no Mark Resolved before the investigation) under More actions.
    expect(await card.getByRole('button').allInnerTexts()).toEqual(['View Details', 'More actions']);
    await card.getByRole('button', { name: 'More actions' }).click();
    const menu = page.getByRole('dialog', { name: 'More actions for Fall in the bathroom' });
    expect(await menu.getByRole('button').allInnerTexts()).toEqual([
      'Update Status',
      'Add Investigation Notes',
      'Escalate',
      'Contact Safeguarding Team',
      'Correct Details',
    ]);
    expect(await menu.getByRole('link', { name: 'Download Full Report' }).getAttribute('href')).toMatch(/report\.pdf$/);
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    await page.screenshot({ path: `${shots}/incidents-1280.png`, fullPage: true });
    expect(await accessibilityFindings(page)).toEqual([]);

    // Search by the carer's name and the severity filter.
    await page.getByRole('searchbox', { name: 'Search incidents' }).fill('tom reid');
    await expect.poll(() => page.getByTestId('incident-card').count()).toBe(1);
    await page.getByLabel('Severity').selectOption('low');
    await expect.poll(() => page.getByText('No incidents match your filters.').isVisible()).toBe(true);
    await page.getByLabel('Severity').selectOption('');
    await page.getByRole('searchbox', { name: 'Search incidents' }).fill('');

    // Update Status: start the investigation.
    await moreActions(card, 'Update Status');
    let dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByRole('button', { name: 'Start investigation' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.getByText('Investigating').isVisible()).toBe(true);

    // Add Investigation Notes.
    await moreActions(card, 'Add Investigation Notes');
    dialog = page.getByRole('dialog', { name: 'Add Investigation Notes' });
    await dialog.getByLabel('Note').fill('Bath mat was missing; daughter confirms it went to the wash on Monday.');
    await dialog.getByRole('button', { name: 'Add Note' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Escalate: hand it to the administrator, with why.
    await moreActions(card, 'Escalate');
    dialog = page.getByRole('dialog', { name: 'Escalate Incident' });
    await expect.poll(() => dialog.getByLabel('Hand to').locator('option').count()).toBeGreaterThan(1);
    await dialog.getByLabel('Hand to').selectOption({ index: 1 });
    await dialog.getByLabel('Reason').fill('Hip X-ray needed: registered manager to lead');
    await dialog.getByRole('button', { name: 'Escalate' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.getByText('Escalated', { exact: true }).isVisible()).toBe(true);

    // Mark Resolved (shown only while investigating) needs a resolution summary.
    await moreActions(card, 'Mark Resolved');
    dialog = page.getByRole('dialog', { name: 'Mark Resolved' });
    await dialog
      .getByLabel('Resolution summary')
      .fill('No fracture. New non-slip mat fitted; care plan updated for bathing.');
    await dialog.getByRole('button', { name: 'Mark Resolved' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.getByText('Resolved', { exact: true }).isVisible()).toBe(true);

    // Update Status: close.
    await moreActions(card, 'Update Status');
    dialog = page.getByRole('dialog', { name: 'Update Status' });
    await dialog.getByRole('radio', { name: 'Close' }).check();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => card.getByText('Closed', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('incidents-open').innerText()).toBe('0');
    await expect.poll(() => tile(dashboard, 'tile-incidents')).toBe('0');

    // View Details: the whole record and its timeline.
    await card.getByRole('button', { name: 'View Details' }).click();
    const detail = page.getByTestId('incident-detail');
    await expect.poll(() => detail.getByTestId('incident-timeline').locator('li').count()).toBeGreaterThanOrEqual(6);
    expect(await detail.getByTestId('incident-timeline').innerText()).toContain('Reported from a visit');
    expect(await detail.getByTestId('incident-notes').innerText()).toContain('Bath mat was missing');
    await page.screenshot({ path: `${shots}/incident-detail-1280.png` });
    expect(await accessibilityFindings(page)).toEqual([]);

    // Full Report: a real PDF, read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('link', { name: 'Full Report' }).click(),
    ]);
    const text = await pdfText(await readFile((await download.path())!));
    for (const expected of [
      'Incident Report: Fall in the bathroom',
      'Mabel Hughes',
      'Tom Reid',
      'Bath mat was missing',
      'No fracture. New non-slip mat fitted',
      'Investigation started',
      'Closed',
    ]) {
      expect(text).toContain(expected);
    }
    await page.keyboard.press('Escape');

    // Analytics: the charts and the median time from the fall to its resolution (a few minutes in this test).
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await expect
      .poll(() => page.getByTestId('median-time-to-resolve').innerText())
      .toMatch(/^(Under a minute|\d+ minutes?)$/);
    expect(
      await page.getByRole('img', { name: /^Incidents by type: Accident 1, Medication Error 0/ }).isVisible(),
    ).toBe(true);
    await page.screenshot({ path: `${shots}/incidents-analytics-1280.png`, fullPage: true });
    expect(await accessibilityFindings(page)).toEqual([]);
    await coordinatorContext.close();
    await phone.close();
  }, 180_000);

  it('an admin sets the safeguarding contact; a diary entry becomes an incident in one click; the referral is recorded; Generate Report downloads the filtered list', async () => {
    // The safeguarding team's details live in one place, the admin panel's Settings: the Safeguarding tab points there.
    const page = await open(admin, '/incidents');
    await page.getByRole('tab', { name: 'Safeguarding' }).click();
    await expect
      .poll(() => page.getByText('No safeguarding team contact is set yet', { exact: false }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Edit in Admin Settings' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Settings', selected: true }).isVisible()).toBe(true);
    await page.getByLabel('Safeguarding team', { exact: true }).fill('Leeds Adult Social Care');
    await page.getByLabel('Safeguarding team phone').fill('0113 222 4401');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);
    await page.goto(`${env.product.url}/incidents`);
    await page.getByRole('tab', { name: 'Safeguarding' }).click();
    await expect.poll(() => page.getByTestId('safeguarding-contact').innerText()).toContain('0113 222 4401');
    let dialog = page.getByRole('dialog', { name: 'Contact Safeguarding Team' });

    // A diary entry of type incident, turned into an incident with one click on the entry.
    const clients = (await (await admin.request.get(`${env.product.url}/api/clients`)).json()) as { id: string }[];
    const carers = (await (await admin.request.get(`${env.product.url}/api/carers`)).json()) as { id: string }[];
    await post(admin.request, '/api/diary', {
      clientId: clients[0]!.id,
      carerId: carers[0]!.id,
      entryDate: new Date(Date.now() - 30 * 60_000).toISOString(),
      entryType: 'incident',
      priority: 'urgent',
      title: 'Son took bank card without asking',
      content: 'Mrs Hughes says her son took her bank card; she is upset.',
    });
    const diary = await open(admin, '/diary');
    await diary.getByRole('button', { name: 'Report as Incident: Son took bank card without asking' }).click();
    await expect.poll(() => diary.getByText('Incident reported').first().isVisible()).toBe(true);
    await diary.getByRole('button', { name: 'Report as Incident: Son took bank card without asking' }).click();
    await expect
      .poll(() => diary.getByText('An incident was already reported from this diary entry').first().isVisible())
      .toBe(true);

    // On the incidents screen (urgent → critical); recorded as safeguarding by correcting its type, then referred.
    await page.getByRole('tab', { name: 'Overview' }).click();
    const card = page.getByTestId('incident-card').filter({ hasText: 'Son took bank card without asking' });
    await expect.poll(() => card.getByText('Critical', { exact: true }).isVisible()).toBe(true);
    await moreActions(card, 'Correct Details');
    dialog = page.getByRole('dialog', { name: 'Correct Details' });
    await dialog.getByLabel('Type').selectOption('safeguarding');
    await dialog.getByLabel('Reason for the correction').fill('Possible financial abuse, not an accident');
    await dialog.getByRole('button', { name: 'Save Correction' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await moreActions(card, 'Contact Safeguarding Team');
    dialog = page.getByRole('dialog', { name: 'Contact Safeguarding Team' });
    await expect
      .poll(() => dialog.getByTestId('safeguarding-contact').innerText())
      .toContain('Leeds Adult Social Care');
    await dialog.getByLabel('Local authority reference').fill('LA-55120');
    await page.screenshot({ path: `${shots}/incident-safeguarding-1280.png` });
    expect(await accessibilityFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Record Referral' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('tab', { name: 'Safeguarding' }).click();
    const referred = page.getByTestId('incident-card').filter({ hasText: 'Son took bank card without asking' });
    await expect.poll(() => referred.isVisible()).toBe(true);

    // The outcome arrives later: recorded on the referral from View Details.
    await referred.getByRole('button', { name: 'View Details' }).click();
    const detail = page.getByTestId('incident-detail');
    await expect
      .poll(() => detail.getByTestId('incident-referrals').innerText())
      .toContain('Leeds Adult Social Care, reference LA-55120');
    await detail.getByLabel('Outcome').fill('Section 42 enquiry opened');
    await detail.getByRole('button', { name: 'Save Referral' }).click();
    await expect
      .poll(() => detail.getByTestId('incident-referrals').innerText())
      .toContain('Outcome: Section 42 enquiry opened');
    expect(await detail.getByTestId('incident-timeline').innerText()).toContain(
      'Amended: Possible financial abuse, not an accident',
    );
    // Escape closes the dialog, toast or not: the focus stayed inside it while the referral was saved.
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.count()).toBe(0);

    // Generate Report of what is shown: the critical ones as PDF, read back; and as CSV.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.getByLabel('Severity').selectOption('critical');
    await page.getByText('Generate Report').click();
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'PDF of the incidents shown' }).click(),
    ]);
    const text = await pdfText(await readFile((await pdf.path())!));
    expect(text).toContain('Incidents: severity critical');
    expect(text).toContain('Son took bank card without asking');
    expect(text).toContain('Fall in the bathroom');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSV of the incidents shown' }).click(),
    ]);
    const rows = (await readFile((await csv.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(rows).toHaveLength(3);
  }, 180_000);
});
