import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { can, ROLES, type Permission, type Role } from '@care/events';
import {
  appendedSince,
  createFamilyUser,
  requester,
  settledLog,
  type RunningCommandApi,
  type TestUser,
} from '@care/command-api/testing';
import { type ReadApi } from './app';
import { ROUTE_DOCS } from './openapi/openapi-document';
import { startReadStack, type ReadStack } from '../testing/read-stack';

/**
 * Every route of both services, for every role, generated from the permission matrix (events/src/access/permissions.ts):
 * a role without the permission a route needs is refused with 403 and nothing is appended; a role with it is let
 * through (whatever the made-up id or empty body then earns, it is not 403). The API's route catalogue (GET
 * /api/openapi.json) says which permission each route needs; a route registered without an entry there fails the
 * first test, so a new route cannot go untested.
 */
type Rule = { readonly anyOf: readonly Permission[] } | 'public' | 'signed-in';

/** From the API's one route catalogue (the OpenAPI document's), so the permissions tested are the ones documented. */
const ROUTE_PERMISSIONS: Record<string, Rule> = Object.fromEntries(
  ROUTE_DOCS.map((route) => [
    `${route.method} ${route.path}`,
    Array.isArray(route.access) ? { anyOf: route.access } : (route.access as Rule),
  ]),
);

let stack: ReadStack | undefined;
let command: RunningCommandApi;
let readApi: ReadApi;
let readUrl: string;
const users = {} as Record<Role, TestUser>;

beforeAll(async () => {
  stack = await startReadStack(inject('databaseUrl'), 'role_routes', { command: { silent: true } });
  ({ command, readApi, readUrl } = stack);
  users.admin = command.admin;
  users.coordinator = await command.createUser('coordinator');
  users.carer = await command.createUser('carer');
  users.auditor = await command.createUser('auditor');
  users.family = await createFamilyUser(command);
});

afterAll(async () => {
  await stack?.stop();
});

const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
/** A made-up id (and projection name) in place of every path parameter. */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '0190a5b2-7c3d-7e4f-8a1b-00000000000a');

function allRoutes() {
  return [
    ...command.routes.map((route) => ({ ...route, base: command.baseUrl })),
    ...readApi.routes.map((route) => ({ ...route, base: readUrl })),
  ];
}

/** Whether `role` may use the route, by the permission matrix. */
function allowed(rule: Rule, role: Role): boolean {
  if (rule === 'public' || rule === 'signed-in') return true;
  return rule.anyOf.some((permission) => can(role, permission));
}

describe('the role and route matrix', () => {
  it('has a row for every registered route of both services, and no row for a route that does not exist', () => {
    const registered = allRoutes().map(routeKey).sort();
    expect(registered.filter((key) => !(key in ROUTE_PERMISSIONS))).toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('refuses every role without the permission with 403 and appends nothing; lets every role with it through', async () => {
    const before = await settledLog(command.store);
    const outcomes: string[] = [];
    const expected: string[] = [];
    let refusals = 0;
    for (const route of allRoutes()) {
      const rule = ROUTE_PERMISSIONS[routeKey(route)];
      if (!rule || rule === 'public') continue;
      for (const role of ROLES) {
        const reply = await requester(route.base, users[role].cookie)(
          route.method,
          concrete(route.path),
          route.method === 'GET' ? undefined : {},
        );
        const may = allowed(rule, role);
        if (!may) refusals += 1;
        expected.push(`${routeKey(route)} as ${role}: ${may ? 'through' : 'refused'}`);
        // Let through: anything but a refusal or a failure (a made-up id earns 404, an empty body 400).
        const outcome =
          reply.status === 403 ? 'refused' : reply.status < 500 ? 'through' : `failed ${reply.status} ${reply.text}`;
        outcomes.push(`${routeKey(route)} as ${role}: ${outcome}`);
      }
    }
    expect(outcomes).toEqual(expected);
    expect(refusals).toBeGreaterThan(20);
    // The refusals and the made-up ids appended nothing (sessions left to expire are the sweeper's, not ours).
    const appended = (await appendedSince(command.store, before)).filter((event) => event.type !== 'UserSignedOut');
    expect(appended.map((event) => event.type)).toEqual([]);
  });

  it('refuses a carer every write to visits but check-in and check-out, including recurring, no-show and amend', () => {
    const carerWrites = Object.entries(ROUTE_PERMISSIONS)
      .filter(([key]) => key.startsWith('POST /api/appointments') || key.startsWith('PATCH /api/appointments'))
      .filter(([, rule]) => allowed(rule, 'carer'))
      .map(([key]) => key);
    expect(carerWrites.sort()).toEqual(['POST /api/appointments/:id/check-in', 'POST /api/appointments/:id/check-out']);
  });
});
