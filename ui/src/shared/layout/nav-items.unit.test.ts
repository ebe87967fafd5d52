import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIARY_ROUTES } from '../../routes/diary-routes';
import { isNavActive, MAIN_NAV, MOBILE_TABS, navFor, SETTINGS_NAV } from './nav-items';

/**
 * Every path ui/src/router.tsx declares (read from the file, as the accessibility scan does): `path: '/x'` and the
 * `['/x', Page]` pairs, plus the diary's views, which the router makes from DIARY_ROUTES.
 */
function routerPaths(): string[] {
  const router = readFileSync(new URL('../../router.tsx', import.meta.url), 'utf8');
  const declared = [...router.matchAll(/path:\s*'(\/[^']*)'|\[\s*'(\/[^']*)',\s*[A-Z]\w*\s*\]/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
  return [...declared, ...DIARY_ROUTES.map((route) => route.path)];
}

/** The entry each screen shows as current in the sidebar and the phone's menu. */
const HOME: Record<string, string> = {
  '/': 'Dashboard',
  '/alerts': 'Alerts',
  '/emergency': 'Alerts',
  '/tasks': 'Tasks',
  '/scheduling': 'Scheduling',
  '/schedule-day': 'Schedule Day',
  '/appointments': 'Schedule Day',
  '/visits': 'Visits',
  '/visits/new': 'Visits',
  '/check-in': 'Visits',
  '/monitoring': 'Visits',
  '/manage': 'Visits',
  '/care-plans': 'Care Plans',
  '/medications': 'Medications',
  '/finance': 'Finance',
  '/incidents': 'Incidents',
  '/carers': 'Carers',
  '/clients': 'Clients',
  '/training': 'Training',
  '/leave': 'Leave',
  ...Object.fromEntries(DIARY_ROUTES.map((route) => [route.path, 'Diary'])),
  '/voice-notes/new': 'Diary',
  '/reports': 'Reports',
  '/admin': 'Admin',
  '/audit': 'Audit',
  '/settings': 'Settings',
};

const current = (pathname: string) =>
  [...MAIN_NAV, SETTINGS_NAV].filter((item) => isNavActive(pathname, item)).map((item) => item.label);

describe('isNavActive', () => {
  it('gives every staff screen of the router a home: exactly one entry is current on each (the sign-in page has no shell, the family portal its own)', () => {
    const paths = routerPaths().filter((path) => path !== '/landing' && path !== '/family');
    expect(paths.length).toBeGreaterThan(25);
    expect([...new Set(paths)].sort()).toEqual(Object.keys(HOME).sort());
    for (const path of paths) expect([path, current(path)]).toEqual([path, [HOME[path]]]);
  });

  it('matches whole path segments only, and nothing on a page that does not exist', () => {
    expect(current('/visits-archive')).toEqual([]);
    expect(current('/no-such-page')).toEqual([]);
    expect(current('/diary/weekly')).toEqual(['Diary']);
  });

  it("lights the phone's Schedule tab on both schedules, and at most one tab anywhere", () => {
    const tab = (pathname: string) =>
      MOBILE_TABS.filter((item) => isNavActive(pathname, item)).map((item) => item.label);
    expect(tab('/scheduling')).toEqual(['Schedule']);
    expect(tab('/schedule-day')).toEqual(['Schedule']);
    expect(tab('/appointments')).toEqual(['Schedule']);
    expect(tab('/')).toEqual(['Dashboard']);
    for (const path of routerPaths()) expect(tab(path).length).toBeLessThanOrEqual(1);
  });
});

describe('navFor', () => {
  it('shows the Admin entry only to roles with the admin panel permission', () => {
    expect(navFor('admin', MAIN_NAV).map((item) => item.label)).toContain('Admin');
    expect(navFor('coordinator', MAIN_NAV).map((item) => item.label)).not.toContain('Admin');
    expect(navFor('carer', MAIN_NAV).map((item) => item.label)).not.toContain('Admin');
    expect(navFor('carer', MAIN_NAV)).toHaveLength(MAIN_NAV.length - 2);
  });

  it('shows the Leave entry to the roles that request or approve leave, not to auditors', () => {
    const withLeave = (['admin', 'coordinator', 'carer', 'auditor'] as const).filter((role) =>
      navFor(role, MAIN_NAV).some((item) => item.to === '/leave'),
    );
    expect(withLeave).toEqual(['admin', 'coordinator', 'carer']);
  });

  it('shows the Audit entry to administrators and auditors only', () => {
    const withAudit = (['admin', 'coordinator', 'carer', 'auditor'] as const).filter((role) =>
      navFor(role, MAIN_NAV).some((item) => item.to === '/audit'),
    );
    expect(withAudit).toEqual(['admin', 'auditor']);
  });
});
