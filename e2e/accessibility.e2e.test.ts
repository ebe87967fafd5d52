import { readFileSync } from 'node:fs';
import axe from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { londonToday } from '@care/events';
import { demoCarers } from '../scripts/demo/demo-carers';
import { demoClients } from '../scripts/demo/demo-clients';
import { demoDiaryEntries } from '../scripts/demo/demo-diary';
import { demoFeedback } from '../scripts/demo/demo-feedback';
import { demoShifts } from '../scripts/demo/demo-shifts';
import { demoTasks } from '../scripts/demo/demo-tasks';
import { demoCarePlans, demoCarePlanTemplates } from '../scripts/demo/demo-care-plans';
import { demoTraining } from '../scripts/demo/demo-training';
import { demoVisits } from '../scripts/demo/demo-appointments';
import { DIARY_ROUTES } from '../ui/src/routes/diary-routes';
import { layoutFindings } from './layout-probes';
import { startE2eEnvironment, type E2eEnvironment } from './support';

/**
 * WCAG 2.2 AA: axe-core's serious and critical findings on every route of ui/src/router.tsx and the main
 * dialogs, at 1280 and 390 px, in the normal and the high-contrast theme; plus what axe cannot see
 * (layout-probes.ts): no sideways scrolling of the page, no control covered by another element, no tab cut without
 * a cue that the tabs scroll. One product start for the whole file; one page per role, width and theme, reused from
 * screen to screen. Each finding is listed with the elements it was found on. Every screen is kept as a picture at
 * both widths (normal theme) in .test-results/screenshots, to look at.
 */

let env: E2eEnvironment;
const PASSWORD = 'accessibility e2e password 1';
const carerUser = { email: 'amelia.hughes@example.org', firstName: 'Amelia', lastName: 'Hughes' };
const coordinatorUser = { email: 'cora.ndiaye@example.org', firstName: 'Cora', lastName: 'Ndiaye' };
const shots = '.test-results/screenshots';

/** Screens kept as pictures in high contrast at 390 px as well. */
const SCREENSHOTS = [
  '/',
  '/carers',
  '/check-in',
  '/schedule-day',
  '/scheduling',
  '/diary',
  '/alerts',
  '/tasks',
  '/settings',
  '/emergency',
  '/landing',
];
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Every path the router declares (checked against ui/src/router.tsx below), as an administrator sees it. */
const ADMIN_ROUTES = [
  '/',
  '/carers',
  '/clients',
  '/training',
  '/leave',
  '/voice-notes/new',
  '/admin',
  '/scheduling',
  '/schedule-day',
  '/appointments',
  '/visits',
  '/monitoring',
  '/manage',
  '/check-in',
  '/visits/new',
  '/alerts',
  '/tasks',
  '/reports',
  '/care-plans',
  '/incidents',
  '/medications',
  '/settings',
  '/emergency',
  '/audit',
  '/finance',
  // The family portal shows staff "not found"; family-portal.e2e.test.ts scans it as a family member sees it.
  '/family',
  // The lists as the dashboard's tiles open them.
  '/tasks?open=true',
  '/visits?unrecorded=true',
  '/diary?welfare=true',
  ...DIARY_ROUTES.map((route) => route.path),
  '/no-such-page',
];
/** The screens a carer sees differently: their own dashboard, check-in, voice note and diary, and the refusals. */
const CARER_ROUTES = [
  '/',
  '/check-in',
  '/visits/new',
  '/voice-notes/new',
  '/diary',
  '/monitoring',
  '/manage',
  '/admin',
  '/alerts',
  '/tasks',
  '/care-plans',
  '/incidents',
  '/reports',
  '/medications',
  '/settings',
  '/emergency',
  '/finance',
  '/leave',
];

interface DialogScan {
  readonly name: string;
  readonly path: string;
  /** Opens the dialog (or panel) from its button, as a user would. */
  open(page: Page, phone: boolean): Promise<void>;
  /** Further states of the open dialog to scan as well (a tabbed dialog's other tabs), each named. */
  readonly then?: readonly { readonly name: string; show(page: Page): Promise<void> }[];
}

/** `name`: the button's whole name, or the start of it before ": " (a row's action names its row: "Resolve: Missed visit"). */
const byButton = (name: string, path: string): DialogScan => ({
  name,
  path,
  async open(page) {
    await page
      .getByRole('button', { name: new RegExp(`^${name}(: |$)`) })
      .first()
      .click();
    await expect.poll(() => page.getByRole('dialog').count(), { message: `${name} dialog` }).toBeGreaterThan(0);
  },
});

/** A form dialog scanned again with its first date field's calendar open (the Monday-first calendar of every date field). */
const withCalendar = (scan: DialogScan): DialogScan => ({
  ...scan,
  then: [
    {
      name: 'calendar open',
      async show(page) {
        await page.getByRole('dialog').getByRole('button', { name: 'Choose date' }).first().click();
        await expect.poll(() => page.getByRole('grid').isVisible()).toBe(true);
      },
    },
  ],
});

async function openAccessibility(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Accessibility' }).click();
  } else {
    await page.getByRole('button', { name: 'Accessibility' }).click();
  }
  await expect.poll(() => page.getByRole('dialog', { name: 'Accessibility Settings' }).isVisible()).toBe(true);
}

/** What's new and Get support: header buttons on a desktop, in the menu on a phone. */
const helpDialog = (name: "What's new" | 'Get support'): DialogScan => ({
  name,
  path: '/',
  async open(page, phone) {
    if (phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Mobile Dashboard' }).getByRole('button', { name }).click();
    } else {
      await page.getByRole('button', { name }).click();
    }
    await expect.poll(() => page.getByRole('dialog', { name }).isVisible()).toBe(true);
  },
});

const SHARED_DIALOGS: readonly DialogScan[] = [
  helpDialog("What's new"),
  helpDialog('Get support'),
  {
    name: 'Search results',
    path: '/',
    async open(page, phone) {
      if (phone) await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('combobox', { name: 'Search users, carers and clients' }).fill('an');
      await expect
        .poll(() =>
          page
            .getByRole('listbox', { name: 'Search results' })
            .or(page.getByText(/^No results for/))
            .first()
            .isVisible(),
        )
        .toBe(true);
    },
  },
  {
    name: 'Accessibility Settings',
    path: '/',
    open: openAccessibility,
    then: ['Interaction', 'Motion', 'Presets'].map((tab) => ({
      name: tab,
      show: (page: Page) => page.getByRole('tab', { name: tab }).click(),
    })),
  },
  {
    // The header's Feedback button on a desktop, the menu's feedback section on a phone; both offer the full form.
    name: 'Feedback',
    path: '/',
    async open(page, phone) {
      if (phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page
          .getByRole('dialog', { name: 'Mobile Dashboard' })
          .getByRole('button', { name: 'Share your feedback' })
          .click();
      } else {
        await page.getByRole('button', { name: 'Feedback', exact: true }).click();
        await page.getByRole('button', { name: 'Share your feedback' }).click();
      }
      await expect.poll(() => page.getByRole('dialog', { name: 'Share Your Feedback' }).isVisible()).toBe(true);
    },
  },
  {
    name: 'Alerts bell',
    path: '/',
    async open(page) {
      await page.getByTestId('alert-bell').click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Latest alerts' }).isVisible()).toBe(true);
    },
  },
  {
    name: 'Mobile menu',
    path: '/',
    async open(page, phone) {
      if (!phone) return; // the phone's menu only
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Mobile Dashboard' }).isVisible()).toBe(true);
    },
  },
];
const ADMIN_DIALOGS: readonly DialogScan[] = [
  ...SHARED_DIALOGS,
  withCalendar(byButton('Add Carer', '/carers')),
  byButton('Add Client', '/clients'),
  byButton('Add Training Record', '/training'),
  byButton('Request Leave', '/leave'),
  byButton('Add Entry', '/diary'),
  byButton('New Shift', '/scheduling'),
  withCalendar(byButton('Add Appointment', '/schedule-day')),
  byButton('Schedule Visit', '/visits'),
  byButton('Add User', '/admin'),
  {
    // The Data Management tab (opened by its address) and Import Data's dialog.
    name: 'Import Data',
    path: '/admin?tab=data',
    async open(page) {
      await page.getByRole('button', { name: 'Import Data' }).click();
      await expect
        .poll(() => page.getByRole('dialog', { name: 'Import Data' }).getByLabel('CSV file').isVisible())
        .toBe(true);
    },
  },
  byButton('New Task', '/tasks'),
  withCalendar(byButton('New Care Plan', '/care-plans')),
  byButton('View Full Plan', '/care-plans'),
  byButton('Update', '/care-plans'),
  {
    name: 'Care plan (View)',
    path: '/care-plans',
    async open(page) {
      await page.getByRole('tab', { name: 'Active Plans' }).click();
      await page.getByRole('button', { name: 'View', exact: true }).first().click();
      await expect
        .poll(() => page.getByRole('dialog', { name: 'Care plan' }).getByText('Compare versions').isVisible())
        .toBe(true);
    },
  },
  byButton('Report Incident', '/incidents'),
  byButton('Custom Report', '/reports'),
  byButton('Schedule Report', '/reports'),
  withCalendar(byButton('New prescription', '/medications')),
  ...['Acknowledge', 'Resolve', 'Make task', 'Assign', 'Escalate', 'Details'].map((action) =>
    byButton(action, '/alerts'),
  ),
  withCalendar(byButton('Currency Exchange', '/finance')),
  withCalendar({
    name: 'New Contract',
    path: '/finance',
    async open(page) {
      await page.getByRole('tab', { name: 'Contract Management' }).click();
      await page.getByRole('button', { name: 'New Contract' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'New Contract' }).isVisible()).toBe(true);
    },
  }),
  // Not dialogs: the admin panel's Security and Feedback tabs (opened by their addresses), with their paged lists.
  ...(['security', 'feedback'] as const).map(
    (tab): DialogScan => ({
      name: `Admin ${tab} tab`,
      path: `/admin?tab=${tab}`,
      async open(page) {
        await expect
          .poll(() => page.getByTestId(tab === 'security' ? 'access-log-table' : 'feedback-table').isVisible())
          .toBe(true);
      },
    }),
  ),
  {
    // Not a dialog: the Financial Reports tab's summary and tiles, scanned like one.
    name: 'Financial Reports tab',
    path: '/finance',
    async open(page) {
      await page.getByRole('tab', { name: 'Financial Reports' }).click();
      await expect.poll(() => page.getByTestId('report-aged-debtors').isVisible()).toBe(true);
    },
  },
];
const CARER_DIALOGS: readonly DialogScan[] = [
  ...SHARED_DIALOGS,
  byButton('Add Entry', '/diary'),
  byButton('Request Leave', '/leave'),
];
const VISITOR_PANELS: readonly DialogScan[] = [
  {
    name: 'Administrator Login',
    path: '/landing',
    async open(page) {
      await page.getByRole('button', { name: 'Administrator Login' }).click();
      await expect.poll(() => page.getByLabel('Email').first().isVisible()).toBe(true);
    },
  },
  {
    name: 'Request new password',
    path: '/landing',
    async open(page) {
      await page.getByRole('button', { name: 'Request new password' }).click();
      await expect.poll(() => page.getByLabel('Email').first().isVisible()).toBe(true);
    },
  },
];

/**
 * The little of the DOM the probes below use. The e2e programme is type-checked without the DOM library (the
 * services must not use it), so code that runs in the page reaches it through globalThis with these types.
 */
interface ProbeElement {
  readonly tagName: string;
  readonly id: string;
  readonly className: unknown;
  readonly textContent: string | null;
  readonly parentElement: ProbeElement | null;
  getBoundingClientRect(): { readonly right: number };
  getAttribute(name: string): string | null;
  querySelector(selector: string): ProbeElement | null;
}
interface ProbeGlobals {
  readonly document: {
    readonly documentElement: ProbeElement & { readonly clientWidth: number; readonly scrollWidth: number };
    querySelector(selector: string): ProbeElement | null;
    querySelectorAll(selector: string): Iterable<ProbeElement>;
  };
  getComputedStyle(element: ProbeElement): { readonly overflowX: string };
  axe?: typeof axe;
}

/**
 * Waits until the screen has drawn its data: its own heading is there (its chunk has loaded, not just the shell and
 * the Back button), no auth spinner, no "Loading ..." left, nothing busy.
 */
async function settle(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const { document } = globalThis as unknown as ProbeGlobals;
          const root = document.querySelector('main, .landing');
          if (!root) return 'no main';
          if (!root.querySelector('h1, h2')) return 'no heading yet';
          if (document.querySelector('[aria-busy="true"], .full-screen-spinner')) return 'busy';
          if (/Loading\b/.test(root.textContent ?? '')) return 'loading';
          return 'ready';
        }),
      { message: `${page.url()} settled` },
    )
    .toBe('ready');
}

interface Finding {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/** axe-core on the page as it stands: serious and critical findings only (the issue's bar), target size included. */
async function scan(page: Page): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.evaluate(axe.source);
  const found = await page.evaluate(async () => {
    // No context: axe checks the whole document.
    const results = await (globalThis as unknown as Required<ProbeGlobals>).axe.run({
      resultTypes: ['violations'],
      rules: { 'target-size': { enabled: true } },
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`,
      ),
    }));
  });
  return found.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}

function report(where: string, findings: readonly Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${where}: ${finding.id} (${finding.impact}) ${finding.help}\n    ${finding.targets.slice(0, 6).join('\n    ')}`,
    )
    .join('\n');
}

interface Variant {
  readonly role: 'admin' | 'carer' | 'visitor';
  readonly viewport: { width: number; height: number };
  readonly highContrast: boolean;
}

const VARIANTS: readonly Variant[] = (['admin', 'carer', 'visitor'] as const).flatMap((role) =>
  [DESKTOP, PHONE].flatMap((viewport) => [false, true].map((highContrast) => ({ role, viewport, highContrast }))),
);

const label = (variant: Variant) =>
  `${variant.role} at ${variant.viewport.width} px, ${variant.highContrast ? 'high contrast' : 'normal theme'}`;

beforeAll(async () => {
  env = await startE2eEnvironment(inject('databaseUrl'), 'e2e_accessibility');
  // A small agency, from the demo data's own generators: every screen has rows, cards, badges and charts to check.
  const admin = await env.signedInContext();
  const send = async (context: BrowserContext, method: string, path: string, data: unknown) => {
    const reply = await context.request.fetch(`${env.product.url}${path}`, {
      method,
      data,
      headers: { origin: env.product.url },
    });
    if (reply.status() >= 300) throw new Error(`${method} ${path}: ${reply.status()} ${await reply.text()}`);
    return ((await reply.json()) as { id: string }).id;
  };
  const carerUserId = await send(admin, 'POST', '/api/users', { ...carerUser, role: 'carer', password: PASSWORD });
  const coordinatorUserId = await send(admin, 'POST', '/api/users', {
    ...coordinatorUser,
    role: 'coordinator',
    password: PASSWORD,
  });
  const carers = demoCarers()
    .slice(0, 4)
    .map((carer, index) => (index === 0 ? { ...carer, ...carerUser, userId: carerUserId } : carer));
  const carerIds: string[] = [];
  for (const carer of carers) carerIds.push(await send(admin, 'POST', '/api/carers', carer));
  const clientIds: string[] = [];
  for (const client of demoClients(carerIds).slice(0, 6))
    clientIds.push(await send(admin, 'POST', '/api/clients', client));
  const activeCarers = carerIds.filter((_, index) => carers[index]!.isActive !== false);
  const today = londonToday();
  const carer = await env.signedInContext(DESKTOP, { email: carerUser.email, password: PASSWORD });
  const coordinator = await env.signedInContext(DESKTOP, { email: coordinatorUser.email, password: PASSWORD });
  for (const { record } of demoTraining(carerIds, today)) await send(admin, 'POST', '/api/training', record);
  for (const item of demoFeedback()) await send(admin, 'POST', '/api/feedback', item);
  // The visits of the last ten hours and the next day, in every state the demo gives them (a check-in typed in by
  // hand must be within the last 12 hours).
  const recent = demoVisits(activeCarers, clientIds, new Date()).filter(({ schedule }) => {
    const hoursAhead = (Date.parse(schedule.scheduledStart) - Date.now()) / 3_600_000;
    return hoursAhead > -10 && hoursAhead < 24;
  });
  for (const { schedule, steps } of recent) {
    const id = await send(admin, 'POST', '/api/appointments', schedule);
    // The demo's phones record as the visit happens; sent now, hours later, a time is one entered by hand.
    for (const step of steps)
      await send(
        schedule.carerId === carerIds[0] && step.action.startsWith('check-') ? carer : admin,
        'POST',
        `/api/appointments/${id}/${step.action}`,
        step.action.startsWith('check-')
          ? {
              ...step.body,
              handEnteredReason:
                (step.body as { handEnteredReason?: string | null }).handEnteredReason ?? 'Entered after the visit',
            }
          : step.body,
      );
  }
  // The carer writes their own entries about the clients of their visits (a carer writes only within their work);
  // the office writes the rest.
  const carerClients = new Set(
    recent.filter(({ schedule }) => schedule.carerId === carerIds[0]).map(({ schedule }) => schedule.clientId),
  );
  for (const entry of demoDiaryEntries(carerIds, clientIds, new Date()).slice(0, 12)) {
    const byCarer = entry.carerId === carerIds[0] && carerClients.has(entry.clientId);
    await send(byCarer ? carer : admin, 'POST', '/api/diary', entry);
  }
  for (const shift of demoShifts(activeCarers, today).filter(
    (shift) => Math.abs(Date.parse(shift.startTime) - Date.now()) < 3 * 86_400_000,
  )) {
    await send(admin, 'POST', '/api/shifts', shift);
  }
  for (const { create, steps } of demoTasks(
    { coordinatorId: coordinatorUserId, carerUserId },
    carerIds,
    clientIds,
    new Date(),
  )) {
    const id = await send(coordinator, 'POST', '/api/tasks', create);
    for (const step of steps)
      await send(
        create.assignedTo === carerUserId ? carer : coordinator,
        'POST',
        `/api/tasks/${id}/${step.action}`,
        step.body,
      );
  }
  // Care plans for the clients (the first one's visits are the carer's, so the carer reads its plan).
  const templates = demoCarePlanTemplates();
  const templateIds = Object.fromEntries(
    await Promise.all(
      templates.map(async (template) => [
        template.kind,
        await send(admin, 'POST', '/api/care-plans/templates', template),
      ]),
    ),
  );
  const planClients = clientIds.map((id, index) => ({ id, firstName: `Client ${index}` }));
  for (const plan of demoCarePlans(planClients, templateIds, today)) {
    const id = await send(coordinator, 'POST', '/api/care-plans', plan.create);
    if (plan.agree) await send(coordinator, 'POST', `/api/care-plans/${id}/agreement`, { ...plan.agree, version: 1 });
  }
  await Promise.all([admin.close(), carer.close(), coordinator.close()]);
}, 180_000);
afterAll(async () => env?.stop());

it('scans every route the router declares', () => {
  const router = readFileSync(new URL('../ui/src/router.tsx', import.meta.url), 'utf8');
  const declared = [...router.matchAll(/path:\s*'(\/[^']*)'|\[\s*'(\/[^']*)',\s*[A-Z]\w*\s*\]/g)].map(
    (match) => match[1] ?? match[2],
  );
  expect(declared.length).toBeGreaterThan(5);
  expect(declared.filter((path) => path !== '/landing' && !ADMIN_ROUTES.includes(path!))).toEqual([]);
});

describe.each(VARIANTS.map((variant) => [label(variant), variant] as const))('%s', (_, variant) => {
  let context: BrowserContext;
  let page: Page;
  const phone = variant.viewport.width < 1024;
  const routes = variant.role === 'admin' ? ADMIN_ROUTES : variant.role === 'carer' ? CARER_ROUTES : ['/landing'];
  const dialogs = variant.role === 'admin' ? ADMIN_DIALOGS : variant.role === 'carer' ? CARER_DIALOGS : VISITOR_PANELS;

  beforeAll(async () => {
    context =
      variant.role === 'admin'
        ? await env.signedInContext(variant.viewport)
        : variant.role === 'carer'
          ? await env.signedInContext(variant.viewport, { email: carerUser.email, password: PASSWORD })
          : await env.browser.newContext({ viewport: variant.viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
    // The theme as a returning user has it: saved in local storage by the Accessibility dialog on an earlier visit.
    if (variant.highContrast) await context.addInitScript("window.localStorage.setItem('highContrast', 'true')");
    page = await context.newPage();
  });
  afterAll(async () => context?.close());

  async function visit(path: string) {
    await page.goto(`${env.product.url}${path}`);
    await settle(page);
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as ProbeGlobals).document.documentElement.getAttribute('data-contrast'),
      ),
    ).toBe(variant.highContrast ? 'high' : null);
  }

  async function check(where: string) {
    const layout = (await layoutFindings(page)).map((finding) => ({ ...finding, impact: 'serious' }));
    const findings = [...(await scan(page)), ...layout];
    expect(findings.length === 0 ? '' : report(`${label(variant)} ${where}`, findings)).toBe('');
  }

  it.each(routes)('%s', async (path) => {
    await visit(path);
    await check(path);
    const name = path === '/' ? '-dashboard' : path.replace(/[/?=&]/g, '-');
    if (!variant.highContrast)
      await page.screenshot({ path: `${shots}/${variant.role}-${variant.viewport.width}${name}.png` });
    else if (phone && SCREENSHOTS.includes(path))
      await page.screenshot({ path: `${shots}/${variant.role}-390-high-contrast${name}.png` });
  });

  it.each(
    dialogs.filter((dialog) => phone || dialog.name !== 'Mobile menu').map((dialog) => [dialog.name, dialog] as const),
  )('dialog: %s', async (name, dialog) => {
    await visit(dialog.path);
    await dialog.open(page, phone);
    await settle(page);
    await check(`${dialog.path} ${name}`);
    if (variant.highContrast && phone && name === 'Accessibility Settings')
      await page.screenshot({ path: `${shots}/accessibility-dialog-390-high-contrast.png` });
    for (const state of dialog.then ?? []) {
      await state.show(page);
      await check(`${dialog.path} ${name}: ${state.name}`);
    }
  });
});

describe('the Accessibility dialog', () => {
  const html = (page: Page, name: string) =>
    page.evaluate(
      (attribute) => (globalThis as unknown as ProbeGlobals).document.documentElement.getAttribute(attribute),
      name,
    );
  const stored = (page: Page) =>
    page.evaluate(() => {
      const { localStorage } = globalThis as unknown as { localStorage: { getItem(key: string): string | null } };
      return Object.fromEntries(
        ['highContrast', 'fontSize', 'reducedMotion', 'focusIndicators'].map((key) => [key, localStorage.getItem(key)]),
      );
    });
  const rootFontSize = (page: Page) =>
    page.evaluate(
      () =>
        (globalThis as unknown as { getComputedStyle(element: unknown): { fontSize: string } }).getComputedStyle(
          (globalThis as unknown as ProbeGlobals).document.documentElement,
        ).fontSize,
    );

  it('saves each change as it is made, applies it to the whole product at once and on the next visit', async () => {
    const context = await env.signedInContext(DESKTOP);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${env.product.url}/carers`);
    await settle(page);
    // Defaults: nothing stored yet, medium type, focus indicators on.
    expect(await rootFontSize(page)).toBe('15px');
    expect(await html(page, 'data-focus-indicators')).toBe('enhanced');

    await openAccessibility(page, false);
    const dialog = page.getByRole('dialog', { name: 'Accessibility Settings' });
    expect(await dialog.getByRole('tab').allInnerTexts()).toEqual(['Visual', 'Interaction', 'Motion', 'Presets']);
    const highContrast = dialog.getByRole('switch', { name: 'High contrast' });
    expect(await highContrast.getAttribute('aria-checked')).toBe('false');
    await highContrast.click();
    expect(await highContrast.getAttribute('aria-checked')).toBe('true');
    expect(await html(page, 'data-contrast')).toBe('high');
    await dialog.getByRole('radio', { name: 'Extra Large' }).check();
    expect(await rootFontSize(page)).toBe('21px');
    expect(await stored(page)).toEqual({
      highContrast: 'true',
      fontSize: 'extra-large',
      reducedMotion: 'false',
      focusIndicators: 'true',
    });

    await dialog.getByRole('tab', { name: 'Interaction' }).click();
    expect(await dialog.getByRole('switch', { name: 'Enhanced focus indicators' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await dialog.getByRole('definition').count()).toBeGreaterThan(4);
    await dialog.getByRole('tab', { name: 'Motion' }).click();
    await dialog.getByRole('switch', { name: 'Reduce motion' }).click();
    expect(await html(page, 'data-reduced-motion')).toBe('true');
    const transition = await dialog
      .getByRole('button', { name: 'Done' })
      .evaluate(
        (element) =>
          (
            globalThis as unknown as { getComputedStyle(element: unknown): { transitionDuration: string } }
          ).getComputedStyle(element).transitionDuration,
      );
    expect(transition).toBe('0s');

    // Presets set what the Presets tab names and leave the rest: Motor Support keeps high contrast on.
    await dialog.getByRole('tab', { name: 'Presets' }).click();
    expect(await dialog.getByRole('tabpanel').getByRole('button').allInnerTexts()).toEqual([
      expect.stringContaining('Vision Support'),
      expect.stringContaining('Motor Support'),
      expect.stringContaining('Cognitive Support'),
      expect.stringContaining('Reset to Default'),
    ]);
    await dialog.getByRole('button', { name: /Motor Support/ }).click();
    expect(await stored(page)).toEqual({
      highContrast: 'true',
      fontSize: 'medium',
      reducedMotion: 'true',
      focusIndicators: 'true',
    });
    await dialog.getByRole('button', { name: /Vision Support/ }).click();
    expect(await stored(page)).toEqual({
      highContrast: 'true',
      fontSize: 'large',
      reducedMotion: 'true',
      focusIndicators: 'true',
    });
    expect(await rootFontSize(page)).toBe('18px');

    // Done closes the dialog and gives the focus back to the button that opened it.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: 'Accessibility' })
        .evaluate(
          (element) =>
            element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        ),
    ).toBe(true);

    // The next visit starts in the chosen theme, on every screen, the landing page included.
    await page.goto(`${env.product.url}/clients`);
    await settle(page);
    expect([
      await html(page, 'data-contrast'),
      await html(page, 'data-reduced-motion'),
      await rootFontSize(page),
    ]).toEqual(['high', 'true', '18px']);

    // Reset All: every default back, stored as such.
    await openAccessibility(page, false);
    await dialog.getByRole('button', { name: 'Reset All' }).click();
    expect(await stored(page)).toEqual({
      highContrast: 'false',
      fontSize: 'medium',
      reducedMotion: 'false',
      focusIndicators: 'true',
    });
    expect([
      await html(page, 'data-contrast'),
      await html(page, 'data-reduced-motion'),
      await rootFontSize(page),
    ]).toEqual([null, null, '15px']);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('opens from the phone menu, and every control reached with Tab shows a focus ring', async () => {
    const context = await env.signedInContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${env.product.url}/`);
    await settle(page);
    await openAccessibility(page, true);
    const dialog = page.getByRole('dialog', { name: 'Accessibility Settings' });
    await dialog.getByRole('switch', { name: 'High contrast' }).click();
    expect(await html(page, 'data-contrast')).toBe('high');
    // The largest type still fits a phone: nothing scrolls sideways.
    await dialog.getByRole('radio', { name: 'Extra Large' }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    for (const path of ['/', '/carers', '/check-in', '/tasks']) {
      await page.goto(`${env.product.url}${path}`);
      await settle(page);
      const sideways = (await layoutFindings(page)).filter((finding) => finding.id === 'horizontal-scroll');
      expect(
        report(
          `extra-large type at 390 px ${path}`,
          sideways.map((finding) => ({ ...finding, impact: 'serious' })),
        ),
      ).toBe('');
    }
    await page.screenshot({ path: `${shots}/admin-390-high-contrast-extra-large-tasks.png` });

    // Keyboard only, in both focus styles: each focused control draws an outline of 2 px or more.
    for (const enhanced of [true, false]) {
      if (!enhanced) {
        await openAccessibility(page, true);
        await dialog.getByRole('tab', { name: 'Interaction' }).click();
        await dialog.getByRole('switch', { name: 'Enhanced focus indicators' }).click();
        await dialog.getByRole('button', { name: 'Done' }).click();
      }
      await page.goto(`${env.product.url}/carers`);
      await settle(page);
      const rings: string[] = [];
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press('Tab');
        rings.push(
          await page.evaluate(() => {
            const probe = globalThis as unknown as {
              document: { activeElement: { tagName: string; textContent: string | null } | null };
              getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string };
            };
            const element = probe.document.activeElement;
            if (!element) return 'nothing focused';
            const style = probe.getComputedStyle(element);
            const visible = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2;
            return visible ? 'ring' : `no ring on ${element.tagName} ${element.textContent?.trim().slice(0, 30) ?? ''}`;
          }),
        );
      }
      expect(rings.filter((ring) => ring !== 'ring')).toEqual([]);
    }
    await context.close();
  });
});

describe('dates as a UK user reads them', () => {
  it('shows and accepts dd/mm/yyyy and 24-hour time, with a calendar whose weeks start on Monday', async () => {
    // An American browser: Chromium's own date input would show mm/dd/yyyy here.
    const context = await env.browser.newContext({
      viewport: DESKTOP,
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    const signIn = await context.request.post(`${env.product.url}/api/login`, {
      data: { email: coordinatorUser.email, password: PASSWORD },
      headers: { origin: env.product.url },
    });
    expect(signIn.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(`${env.product.url}/carers`);
    await settle(page);
    await page.getByRole('button', { name: 'Add Carer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const startDate = dialog.getByLabel('Start date', { exact: true });
    expect(await startDate.getAttribute('placeholder')).toBe('dd/mm/yyyy');

    // Typed day first, tidied when the field is left.
    await startDate.fill('2/9/2024');
    await startDate.press('Tab');
    expect(await startDate.inputValue()).toBe('02/09/2024');

    // The calendar opens on the typed month, Monday first, and a picked day comes back as dd/mm/yyyy.
    await dialog.getByRole('button', { name: 'Choose date' }).first().click();
    const grid = page.getByRole('grid');
    await expect.poll(() => grid.isVisible()).toBe(true);
    expect(await grid.getAttribute('aria-label')).toBe('September 2024');
    await page.screenshot({ path: `${shots}/date-calendar-1280.png` });
    const weekdays = await grid
      .locator('thead th')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label')));
    expect(weekdays).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    await grid.getByRole('button', { name: /16 September 2024/ }).click();
    await expect.poll(() => grid.count()).toBe(0);
    expect(await startDate.inputValue()).toBe('16/09/2024');
    // The focus comes back to the field, so a keyboard user carries on where they were.
    expect(
      await startDate.evaluate(
        (element) =>
          element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
      ),
    ).toBe(true);

    // A day that does not exist is refused by the form, not sent.
    await startDate.fill('31/02/2025');
    await dialog.getByRole('button', { name: 'Save Carer' }).click();
    await expect.poll(() => dialog.getByText('Must be a valid date', { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    // Date and time together: 24-hour, day first.
    await page.goto(`${env.product.url}/schedule-day`);
    await settle(page);
    await page.getByRole('button', { name: 'Add Appointment' }).first().click();
    const start = page.getByRole('dialog').getByLabel('Date and time');
    expect(await start.getAttribute('placeholder')).toBe('dd/mm/yyyy hh:mm');
    expect(await start.inputValue()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await start.fill('23/11/2026 7.05');
    await start.press('Tab');
    expect(await start.inputValue()).toBe('23/11/2026 07:05');
    await context.close();
  });
});
