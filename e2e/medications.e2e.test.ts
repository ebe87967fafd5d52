import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { londonClock, londonToday } from '@care/events';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { startE2eEnvironment, type E2eEnvironment } from './support';

let env: E2eEnvironment;
let admin: BrowserContext;
let coordinatorContext: BrowserContext;
let carerContext: BrowserContext;
const shots = '.test-results/screenshots';
const PASSWORD = 'medications e2e password 1';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const coordinator = { email: 'rhona.blake@example.org', firstName: 'Rhona', lastName: 'Blake' };
const carer = { email: 'sam.okafor@example.org', firstName: 'Sam', lastName: 'Okafor' };
let clientId: string;
let visitId: string;

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>): Promise<string> {
  const reply = await request.fetch(`${env.product.url}${path}`, {
    method: 'POST',
    data,
    headers: { origin: env.product.url },
  });
  expect(reply.status(), await reply.text()).toBeLessThan(300);
  return ((await reply.json()) as { id: string }).id;
}

/** A London wall-clock time `minutes` from now ("HH:mm"). */
const clockIn = (minutes: number) => londonClock(new Date(Date.now() + minutes * 60_000));
/** The London date of that instant: a dose from before midnight starts on the day before (the test may run at 00:30). */
const dayOf = (minutes: number) => londonToday(new Date(Date.now() + minutes * 60_000));

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_medications', { ALERT_RULES_INTERVAL_MS: '1000' });
  admin = await env.signedInContext(DESKTOP);
  const carerUser = await post(admin.request, '/api/users', { ...carer, role: 'carer', password: PASSWORD });
  await post(admin.request, '/api/users', { ...coordinator, role: 'coordinator', password: PASSWORD });
  const carerId = await post(admin.request, '/api/carers', {
    ...carer,
    userId: carerUser,
    employeeId: 'EMP-1701',
    startDate: '2024-03-01',
  });
  clientId = await post(admin.request, '/api/clients', {
    clientId: 'CL-1701',
    firstName: 'Ada',
    lastName: 'Whitfield',
    dateOfBirth: '1936-02-11',
    address: '3 Chapel Street, Leeds LS6 3JP',
    emergencyContact: 'Mark Whitfield',
    emergencyPhone: '07700 900456',
    careLevel: 'medium',
    allergies: ['Penicillin'],
    gpPractice: 'Hyde Park Surgery, Woodhouse Street, Leeds LS6',
    gpPhone: '0113 496 0700',
  });
  visitId = await post(admin.request, '/api/appointments', {
    clientId,
    carerId,
    scheduledStart: new Date(Date.now() - 15 * 60_000).toISOString(),
    durationMinutes: 60,
    tasks: ['Medication'],
  });
  coordinatorContext = await env.signedInContext(DESKTOP, { email: coordinator.email, password: PASSWORD });
  carerContext = await env.signedInContext(PHONE, { email: carer.email, password: PASSWORD });
  await post(carerContext.request, `/api/appointments/${visitId}/check-in`, { source: 'Mobile' });
}, 240_000);
afterAll(async () => env?.stop());

async function open(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.product.url}${path}`);
  return page;
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA findings of axe-core on what the page shows now, as the accessibility e2e counts them. */
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

describe('Medications and the eMAR in Chromium', () => {
  it('a coordinator adds a medicine from the database to a client; a carer at 390 px gives one dose and refuses another; the coordinator sees it live; an overdue dose raises an alert', async () => {
    const office = await open(coordinatorContext, '/medications');
    await expect.poll(() => office.getByRole('heading', { name: 'Medication Management' }).isVisible()).toBe(true);
    await expect.poll(() => office.getByTestId('stat-active-medications').innerText()).toBe('0');

    // Medicine Database → Add to Client, the form filled in from the reference entry.
    await office.getByRole('tab', { name: 'Medicine Database' }).click();
    await expect.poll(() => office.getByTestId('medicine-card').count()).toBe(20);
    await office.getByRole('searchbox', { name: 'Search medicines' }).fill('amlo');
    await expect.poll(() => office.getByTestId('medicine-card').count()).toBe(1);
    await office.getByRole('button', { name: 'Add to Client: Amlodipine' }).click();
    const dialog = office.getByRole('dialog', { name: 'Add Amlodipine to a client' });
    await dialog.getByLabel('Client').selectOption({ label: 'Ada Whitfield' });
    await expect.poll(() => dialog.getByTestId('client-allergies').innerText()).toBe('Allergies: Penicillin');
    await dialog.getByLabel('Dose times').fill(clockIn(-5));
    await dialog.getByLabel('Prescribed by').fill('Dr Anita Rao');
    await office.screenshot({ path: `${shots}/medications-add-to-client-1280.png` });
    await dialog.getByRole('button', { name: 'Prescribe' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => office.getByTestId('stat-active-medications').innerText()).toBe('1');

    // A second medicine (through the API) due in the visit too, and one whose dose passed its hour unrecorded.
    await post(coordinatorContext.request, '/api/medications', {
      clientId,
      name: 'Metformin',
      strength: '500mg',
      form: 'tablet',
      route: 'oral',
      dosage: '1 tablet',
      frequency: 'Once daily',
      doseTimes: [clockIn(-4)],
      prescribedBy: 'Dr Anita Rao',
      startDate: dayOf(-4),
    });
    await post(coordinatorContext.request, '/api/medications', {
      clientId,
      name: 'Levothyroxine',
      strength: '50mcg',
      form: 'tablet',
      route: 'oral',
      dosage: '1 tablet',
      frequency: 'Once daily',
      doseTimes: [clockIn(-100)],
      prescribedBy: 'Dr Anita Rao',
      startDate: dayOf(-100),
    });

    await office.getByRole('tab', { name: 'Due & Overdue' }).click();
    const dueNames = async () =>
      (
        (await (await coordinatorContext.request.get(`${env.product.url}/api/medications/due`)).json()) as {
          medicationName: string;
        }[]
      )
        .map((d) => d.medicationName)
        .sort();
    await expect.poll(dueNames).toEqual(['Amlodipine', 'Levothyroxine', 'Metformin']);
    await expect.poll(() => office.getByTestId('due-dose').count()).toBe(3);
    await expect.poll(() => office.getByRole('button', { name: 'Administer Now' }).count()).toBe(3);
    await office.screenshot({ path: `${shots}/medications-due-1280.png`, fullPage: true });

    // The overdue Levothyroxine dose (past its hour, no outcome) raises an alert through the rules.
    await expect
      .poll(async () => {
        const reply = await coordinatorContext.request.get(`${env.product.url}/api/alerts?active=true`);
        return ((await reply.json()) as { title: string }[]).map((alert) => alert.title);
      })
      .toContain('Medication dose missed: Levothyroxine');

    // The carer's phone, during the visit: the two doses due in it.
    const phone = await open(carerContext, '/check-in');
    await expect.poll(() => phone.getByTestId('visit-dose').count()).toBe(2);
    await phone.screenshot({ path: `${shots}/medications-visit-390.png`, fullPage: true });
    await phone.getByRole('button', { name: /^Record Amlodipine/ }).click();
    const give = phone.getByRole('dialog', { name: 'Record Amlodipine' });
    await give.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => give.isVisible()).toBe(false);
    await expect.poll(() => phone.getByTestId('visit-dose').count()).toBe(1);

    await phone.getByRole('button', { name: /^Record Metformin/ }).click();
    const refuse = phone.getByRole('dialog', { name: 'Record Metformin' });
    await refuse.getByLabel('Outcome').selectOption('R');
    await refuse.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => refuse.getByText('Give a reason for "Refused"').isVisible()).toBe(true);
    await refuse.getByLabel('Reason').fill('Felt sick this morning');
    await phone.screenshot({ path: `${shots}/medications-refusal-390.png` });
    await refuse.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => refuse.isVisible()).toBe(false);
    await expect.poll(() => phone.getByText('Every dose due in this visit has an outcome.').isVisible()).toBe(true);
    const sideways = await phone.evaluate(
      'document.documentElement.scrollWidth > document.documentElement.clientWidth',
    );
    expect(sideways).toBe(false);

    // The coordinator's Due & Overdue changed without a reload; the Administration Log shows both records.
    await expect.poll(() => office.getByTestId('due-dose').count()).toBe(1);
    await office.getByRole('tab', { name: 'Administration Log' }).click();
    const recent = office.getByTestId('recent-records');
    await expect.poll(() => recent.getByTestId('record-row').count()).toBe(2);
    await expect.poll(() => recent.innerText()).toContain('R: Refused');
    await expect.poll(() => recent.innerText()).toContain('Felt sick this morning');
    // Not a full-page capture here: Chromium lays the page out again at its full height for one, and the tab in use was
    // seen to start over on the next step.
    await office.screenshot({ path: `${shots}/medications-log-1280.png` });
    await office.getByLabel('Carer', { exact: true }).selectOption({ label: 'Sam Okafor' });
    await expect.poll(() => office.getByText('Showing 2 of 2').isVisible()).toBe(true);

    // Drug Interactions says plainly that it supports, not replaces, a pharmacist's review.
    await office.getByRole('tab', { name: 'Drug Interactions' }).click();
    await expect
      .poll(() => office.getByTestId('pharmacist-notice').innerText())
      .toContain('supports, not replaces, a pharmacist’s review');
    await office.getByRole('tab', { name: 'Compliance' }).click();
    await expect.poll(() => office.getByTestId('compliance-chart').isVisible()).toBe(true);
    await office.screenshot({ path: `${shots}/medications-compliance-1280.png`, fullPage: true });
  });

  it('opens a client’s MAR chart with each outcome and the recorder’s initials', async () => {
    const page = await open(coordinatorContext, '/medications');
    await page.getByRole('button', { name: 'MAR chart of Ada Whitfield' }).first().click();
    const chart = page.getByTestId('mar-chart');
    await expect.poll(() => chart.innerText()).toContain('Allergies: Penicillin');
    expect(await chart.innerText()).toContain('GP: Hyde Park Surgery, Woodhouse Street, Leeds LS6, 0113 496 0700');
    await expect.poll(() => chart.getByRole('table', { name: /Metformin/ }).innerText()).toMatch(/R\s*SO/);
    await expect.poll(() => chart.getByRole('table', { name: /Amlodipine/ }).innerText()).toMatch(/T\s*SO/);
    await page.screenshot({ path: `${shots}/medications-mar-1280.png` });
    await page.keyboard.press('Escape');

    // Pausing needs a reason; the row then says paused.
    await page.getByRole('button', { name: 'Pause Levothyroxine for Ada Whitfield' }).click();
    const pause = page.getByRole('dialog', { name: 'Pause Levothyroxine' });
    await pause.getByLabel('Reason').fill('In hospital from today');
    await pause.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => pause.isVisible()).toBe(false);
    const row = page.getByTestId('medication-row').filter({ hasText: 'Levothyroxine' });
    await expect.poll(() => row.innerText()).toContain('paused');
    await expect
      .poll(() => page.getByRole('button', { name: 'Resume Levothyroxine for Ada Whitfield' }).isVisible())
      .toBe(true);

    // A change needs something changed and a reason; the row shows the new dosage.
    await page.getByRole('button', { name: 'Change Amlodipine for Ada Whitfield' }).click();
    const change = page.getByRole('dialog', { name: 'Change Amlodipine' });
    await change.getByRole('button', { name: 'Save change' }).click();
    await expect.poll(() => change.getByText('Nothing has changed yet.').isVisible()).toBe(true);
    await change.getByLabel('Dosage').fill('2 tablets');
    await change.getByRole('button', { name: 'Save change' }).click();
    await expect.poll(() => change.getByText('Reason is required').isVisible()).toBe(true);
    await change.getByLabel('Reason for the change').fill('GP review: dose doubled');
    await change.getByRole('button', { name: 'Save change' }).click();
    await expect.poll(() => change.isVisible()).toBe(false);
    const amlodipine = page.getByTestId('medication-row').filter({ hasText: 'Amlodipine' });
    await expect.poll(() => amlodipine.locator('td[data-label="Dosage"]').innerText()).toBe('2 tablets');

    // The history shows each version, newest first: who, when, why, and the dosage before and after.
    await page.getByRole('button', { name: 'History of Amlodipine for Ada Whitfield' }).click();
    const history = page.getByRole('dialog', { name: 'History of Amlodipine' });
    const entries = history.getByTestId('history-entry');
    await expect.poll(() => entries.count()).toBe(2);
    await expect
      .poll(() => entries.first().innerText())
      .toMatch(/^Changed .* by Rhona Blake\s+Reason: GP review: dose doubled/);
    expect(
      await entries
        .first()
        .getByRole('row', { name: /Dosage/ })
        .innerText(),
    ).toMatch(/Dosage\s+1 tablet\s+2 tablets/);
    expect(await entries.nth(1).innerText()).toMatch(/^Prescribed .* by Rhona Blake/);
    expect(
      await entries
        .nth(1)
        .getByRole('row', { name: /Prescribed by/ })
        .innerText(),
    ).toMatch(/Prescribed by\s+Dr Anita Rao/);
    await page.screenshot({ path: `${shots}/medications-history-1280.png` });
  });

  it('passes axe on every tab and dialog, at 1280 and 390 px', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(coordinatorContext, '/medications');
      await page.setViewportSize(viewport);
      await expect.poll(() => page.getByTestId('medication-row').count()).toBe(3);
      expect(await accessibilityFindings(page), `Overview at ${viewport.width}`).toEqual([]);
      for (const tab of [
        'Overview',
        'Medicine Database',
        'Due & Overdue',
        'Administration Log',
        'Compliance',
        'Drug Interactions',
      ]) {
        await page.getByRole('tab', { name: tab }).click();
        await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
        await page.waitForLoadState('networkidle');
        expect(await accessibilityFindings(page), `${tab} at ${viewport.width}`).toEqual([]);
      }
      await page.getByRole('button', { name: 'New prescription' }).click();
      await page
        .getByRole('dialog', { name: 'New prescription' })
        .getByLabel('Client')
        .selectOption({ label: 'Ada Whitfield' });
      expect(await accessibilityFindings(page), `prescribe at ${viewport.width}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('button', { name: 'Change Metformin for Ada Whitfield' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Change Metformin' }).isVisible()).toBe(true);
      expect(await accessibilityFindings(page), `change at ${viewport.width}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'History of Metformin for Ada Whitfield' }).click();
      await expect
        .poll(() => page.getByRole('dialog', { name: 'History of Metformin' }).getByTestId('history-entry').count())
        .toBeGreaterThan(0);
      expect(await accessibilityFindings(page), `history at ${viewport.width}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'MAR chart of Ada Whitfield' }).first().click();
      await expect.poll(() => page.getByTestId('mar-chart').isVisible()).toBe(true);
      expect(await accessibilityFindings(page), `MAR chart at ${viewport.width}`).toEqual([]);
      await page.close();
    }
  });

  it('shows the screen at 390 px without sideways scrolling', async () => {
    const page = await open(coordinatorContext, '/medications');
    await page.setViewportSize(PHONE);
    await expect.poll(() => page.getByTestId('medication-row').count()).toBe(3);
    await page.screenshot({ path: `${shots}/medications-overview-390.png`, fullPage: true });
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(
      false,
    );
  });

  it('asks for a witness when a controlled drug is given, and the log names both people', async () => {
    await post(coordinatorContext.request, '/api/medications', {
      clientId,
      name: 'Morphine sulfate oral solution',
      strength: '10mg/5ml',
      form: 'liquid',
      route: 'oral',
      dosage: '2.5ml',
      frequency: 'Once daily',
      doseTimes: [clockIn(-2)],
      controlledDrug: true,
      witnessRequired: true,
      prescribedBy: 'Dr Anita Rao',
      startDate: dayOf(-2),
    });
    const page = await open(coordinatorContext, '/medications');
    await page.getByRole('tab', { name: 'Due & Overdue' }).click();
    const due = page.getByTestId('due-dose').filter({ hasText: 'Morphine' });
    await due.getByRole('button', { name: /^Administer/ }).click();
    const record = page.getByRole('dialog', { name: 'Record Morphine sulfate oral solution' });
    await record.getByRole('button', { name: 'Record' }).click();
    await expect
      .poll(() => record.getByText('Witness is required: a second person must see each dose given').isVisible())
      .toBe(true);
    expect(await accessibilityFindings(page), 'record with a witness').toEqual([]);
    await record.getByLabel('Witness').selectOption({ label: 'Sam Okafor (Carer)' });
    await record.getByRole('button', { name: 'Record' }).click();
    await expect.poll(() => record.isVisible()).toBe(false);
    await page.getByRole('tab', { name: 'Administration Log' }).click();
    const row = page.getByTestId('recent-records').getByTestId('record-row').filter({ hasText: 'Morphine' });
    await expect.poll(() => row.innerText()).toMatch(/Rhona Blake\s+\(witness: Sam Okafor\)/);

    // A correction keeps the original: it needs a change and a reason, and the row says Amended.
    await row.getByRole('button', { name: /^Amend the record of Morphine/ }).click();
    const amend = page.getByRole('dialog', { name: 'Amend record' });
    await amend.getByRole('button', { name: 'Amend' }).click();
    await expect.poll(() => amend.getByText('Nothing has changed yet.').isVisible()).toBe(true);
    await amend.getByLabel('Notes').fill('Given with a spoon of yoghurt');
    await amend.getByRole('button', { name: 'Amend' }).click();
    await expect.poll(() => amend.getByText('Reason for the amendment is required').isVisible()).toBe(true);
    expect(await accessibilityFindings(page), 'amend record').toEqual([]);
    await amend.getByLabel('Reason for the amendment').fill('Left out of the first entry');
    await amend.getByRole('button', { name: 'Amend' }).click();
    await expect.poll(() => amend.isVisible()).toBe(false);
    await expect.poll(() => row.innerText()).toContain('Amended');
  });

  it('records whether a when-required (PRN) dose helped', async () => {
    // Prescribed on the form with its PRN protocol, given covertly with the assessment and decision behind it.
    const page = await open(coordinatorContext, '/medications');
    await page.getByRole('button', { name: 'New prescription' }).click();
    const form = page.getByRole('dialog', { name: 'New prescription' });
    await form.getByLabel('Client').selectOption({ label: 'Ada Whitfield' });
    await form.getByLabel('Medication name').fill('Paracetamol');
    await form.getByLabel('Dosage').fill('2 tablets');
    await form.getByLabel('Frequency').fill('When required');
    await form.getByLabel('Dose times').fill('');
    await form.getByLabel('Prescribed by').fill('Dr Anita Rao');
    await form.getByLabel('When required (PRN)').check();
    await form.getByLabel('PRN: reason to give').fill('Pain');
    await form.getByLabel('PRN: dose').fill('2 tablets');
    await form.getByLabel('PRN: signs to look for').fill('Rubbing her knee, wincing');
    await form.getByLabel('PRN: try first').fill('A warm pad on the knee');
    await form.getByLabel('Given covertly (hidden in food or drink)').check();
    await form.getByRole('button', { name: 'Prescribe' }).click();
    await expect.poll(() => form.getByText('Capacity assessment is required').isVisible()).toBe(true);
    expect(await accessibilityFindings(page), 'prescribe with PRN and covert').toEqual([]);
    await form.getByLabel('Capacity assessment').fill('Lacks capacity for medicines: Dr Rao, 02/11/2026');
    await form
      .getByLabel('Best-interests decision')
      .fill('Meeting with her son and the GP, 05/11/2026: covert when she refuses');
    await form.getByLabel('Covert administration plan').fill('Crushed into yoghurt, as the pharmacist advised');
    await form.getByRole('button', { name: 'Prescribe' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);
    const prescribed = page.getByTestId('medication-row').filter({ hasText: 'Paracetamol' });
    await expect.poll(() => prescribed.innerText()).toMatch(/PRN[\s\S]*Covert/);
    const listed = (await (
      await coordinatorContext.request.get(`${env.product.url}/api/medications?search=Paracetamol`)
    ).json()) as { id: string; prn: { signsToLookFor: string; tryFirst: string }; covert: { plan: string } }[];
    expect(listed[0]).toMatchObject({
      prn: { signsToLookFor: 'Rubbing her knee, wincing', tryFirst: 'A warm pad on the knee' },
      covert: { plan: 'Crushed into yoghurt, as the pharmacist advised' },
    });
    await post(coordinatorContext.request, `/api/medications/${listed[0]!.id}/administrations`, {
      code: 'T',
      prnReason: 'Knee pain after the walk',
    });
    await page.getByRole('tab', { name: 'Administration Log' }).click();
    const row = page.getByTestId('recent-records').getByTestId('record-row').filter({ hasText: 'Paracetamol' });
    await row.getByRole('button', { name: /^Record effect of Paracetamol/ }).click();
    const effect = page.getByRole('dialog', { name: 'Record effect' });
    await effect.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => effect.getByText('Effect is required').isVisible()).toBe(true);
    expect(await accessibilityFindings(page), 'record effect').toEqual([]);
    await effect.getByLabel('Did it help?').selectOption({ label: 'Helped' });
    await effect.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => effect.isVisible()).toBe(false);
    await expect.poll(() => row.innerText()).toContain('Effect: Helped');
    await expect.poll(() => row.getByRole('button', { name: /^Record effect/ }).count()).toBe(0);
  });

  it("lets an administrator add a code to the MAR chart's key, correct a record with it, and withdraw it from new records", async () => {
    const page = await open(admin, '/medications');
    await page.getByRole('tab', { name: 'Administration Log' }).click();
    const key = page.getByTestId('mar-key');
    await expect.poll(() => key.getByTestId('mar-key-row').count()).toBe(11);
    await key.getByRole('button', { name: 'Add Code' }).click();
    const add = page.getByRole('dialog', { name: 'Add code' });
    await add.getByLabel('Code', { exact: true }).fill('H-1');
    await add.getByRole('button', { name: 'Add code' }).click();
    await expect.poll(() => add.getByText("Code must be a code of the MAR chart's key").isVisible()).toBe(true);
    await add.getByLabel('Code', { exact: true }).fill('h');
    await add.getByLabel('Meaning').fill("Held on the GP's advice");
    await add.getByLabel('Counts as').selectOption({ label: 'Not required' });
    expect(await accessibilityFindings(page), 'add code').toEqual([]);
    await add.getByRole('button', { name: 'Add code' }).click();
    await expect.poll(() => add.isVisible()).toBe(false);
    const held = key.getByTestId('mar-key-row').filter({ hasText: "Held on the GP's advice" });
    await expect.poll(() => held.innerText()).toMatch(/^H\s+Held on the GP's advice\s*Added\s+Not required\s+Needed/);

    // A record corrected to the new code: it asks for the outcome's reason, and the log shows the code's meaning.
    const row = page.getByTestId('recent-records').getByTestId('record-row').filter({ hasText: 'Paracetamol' });
    await row.getByRole('button', { name: /^Amend the record of Paracetamol/ }).click();
    const amend = page.getByRole('dialog', { name: 'Amend record' });
    await amend.getByLabel('Outcome', { exact: true }).selectOption('H');
    await amend.getByLabel('Reason for the outcome').fill('GP asked to hold it before the scan');
    await amend.getByLabel('Reason for the amendment').fill('Recorded as given by mistake');
    await amend.getByRole('button', { name: 'Amend' }).click();
    await expect.poll(() => amend.isVisible()).toBe(false);
    await expect.poll(() => row.innerText()).toContain("H: Held on the GP's advice");
    await page.screenshot({ path: `${shots}/medications-key-1280.png`, fullPage: true });

    // Withdrawn, it stays on the key for that record but is no longer offered for another.
    await held.getByRole('button', { name: 'Withdraw code H' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw H' });
    await withdraw.getByLabel('Reason').fill('Use NR with the reason instead');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => held.innerText()).toContain('Withdrawn');
    await expect.poll(() => held.getByRole('button', { name: 'Withdraw code H' }).count()).toBe(0);
    const other = page.getByTestId('recent-records').getByTestId('record-row').filter({ hasText: 'Metformin' }).first();
    await other.getByRole('button', { name: /^Amend the record of Metformin/ }).click();
    const offered = await page
      .getByRole('dialog', { name: 'Amend record' })
      .getByLabel('Outcome', { exact: true })
      .locator('option')
      .allInnerTexts();
    expect(offered).toContain('R: Refused');
    expect(offered.filter((option) => option.startsWith('H:'))).toEqual([]);
    await page.keyboard.press('Escape');

    // A coordinator sees the key but cannot change it.
    const office = await open(coordinatorContext, '/medications');
    await office.getByRole('tab', { name: 'Administration Log' }).click();
    await expect.poll(() => office.getByTestId('mar-key').getByTestId('mar-key-row').count()).toBe(12);
    expect(await office.getByTestId('mar-key').getByRole('button', { name: 'Add Code' }).count()).toBe(0);
  });
});
