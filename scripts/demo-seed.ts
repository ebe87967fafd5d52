import { START_POSITION, type CreateUserRequest } from '@care/events';
import { PostgresEventStore } from '@care/events/server';
import { demoCarers } from '../command-api/src/demo/demo-carers';
import type { AdminCredentials } from './demo-admin';

/** Events the first start writes before any demo data: the first administrator's account. */
const ACCOUNT_SETUP_EVENTS = new Set(['UserEmailReserved', 'UserRegistered', 'UserPasswordSet', 'UserSignedIn']);

export interface SeedResult {
  readonly carers: number;
  /** Demo accounts of the other roles, signing in with the administrator's password. */
  readonly users: readonly { email: string; role: string }[];
}

/**
 * Demo data goes in through the public HTTP API as the administrator (events, not SQL), and only
 * into a store that holds nothing but the first administrator's account.
 */
export async function seedDemoDataOnce(databaseUrl: string, url: string, admin: AdminCredentials): Promise<SeedResult | undefined> {
  const store = await PostgresEventStore.connect(databaseUrl);
  try {
    const first = await store.readAll(START_POSITION, 100);
    if (first.some((event) => !ACCOUNT_SETUP_EVENTS.has(event.type))) return undefined;
  } finally {
    await store.close();
  }
  const send = await signedIn(url, admin);
  const users: CreateUserRequest[] = [
    { email: 'coordinator@demo.example', firstName: 'Cora', lastName: 'Ndiaye', role: 'coordinator', password: admin.password },
    { email: 'carer@demo.example', firstName: 'Amelia', lastName: 'Hughes', role: 'carer', password: admin.password },
  ];
  const ids: string[] = [];
  for (const user of users) ids.push(((await send('POST', '/api/users', user)) as { id: string }).id);
  let carers = 0;
  for (const carer of demoCarers()) {
    // The first demo carer is the demo carer account's own record ("their own records").
    await send('POST', '/api/carers', carers === 0 ? { ...carer, userId: ids[1], email: users[1]!.email } : carer);
    carers += 1;
  }
  return { carers, users: users.map(({ email, role }) => ({ email, role: role ?? 'carer' })) };
}

async function signedIn(url: string, admin: AdminCredentials) {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`Demo administrator could not sign in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  let count = 0;
  return async (method: string, path: string, body: unknown): Promise<unknown> => {
    count += 1;
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: url, cookie, 'x-request-id': `demo-seed-${count}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`Demo data refused: ${method} ${path} ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  };
}
