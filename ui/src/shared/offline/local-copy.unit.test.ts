import 'fake-indexeddb/auto';
import type { Role } from '@care/events';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { get } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentsQueryOptions } from '../../records/appointments/appointment-queries';
import { authUserQueryOptions } from '../current-user';
import { queryKeys } from '../query-keys';

/** The module keeps who the copy is for: each test loads it afresh, as a new page would. */
const loadLocalCopy = () => import('./local-copy');

/** localStorage as the browser has it, for the owner the module reads before the first screen. */
function stubBrowserStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
  });
}

const CLIENT = '6f1c0c5e-4b43-4f0e-9a57-2a8f5b8e8a11';
/** What the Check In screen and a carer's visit card read, keyed as the screens key them. */
const DOOR_KEYS = [
  authUserQueryOptions.queryKey,
  appointmentsQueryOptions({ today: true, underway: true }).queryKey,
  appointmentsQueryOptions({ date: '2026-11-29' }).queryKey,
  [`/api/medications/due?clientId=${CLIENT}&limit=100`],
  [`/api/medications?clientId=${CLIENT}&status=active&limit=100`],
  ['/api/clients', 'all'],
  [`/api/care-plans?clientId=${CLIENT}`],
];
/** Office screens and figures a carer's door never needs. */
const OTHER_KEYS = [
  appointmentsQueryOptions({}).queryKey,
  appointmentsQueryOptions({ date: '2026-11-29', carerId: CLIENT }).queryKey,
  appointmentsQueryOptions({ from: '2026-11-01', to: '2026-11-30' }).queryKey,
  queryKeys.alertCount,
  queryKeys.allCarers,
  queryKeys.users,
  ['/api/medications/stats'],
  ['/api/clients', { search: '' }],
  [`/api/clients/${CLIENT}`],
  ['/api/care-plans'],
];

function clientWithEverything(): QueryClient {
  const client = new QueryClient();
  for (const key of [...DOOR_KEYS, ...OTHER_KEYS]) client.setQueryData(key, { key });
  return client;
}

const CARER = { id: 'carer-1', role: 'carer' as Role };

beforeEach(() => {
  vi.resetModules();
  stubBrowserStorage();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  indexedDB.deleteDatabase('keyval-store');
});

describe('which queries the local copy keeps', () => {
  it("keeps what a carer needs at the door and nothing of the office's screens", async () => {
    const { isKeptInLocalCopy } = await loadLocalCopy();
    expect(DOOR_KEYS.filter((key) => !isKeptInLocalCopy(key))).toEqual([]);
    expect(OTHER_KEYS.filter((key) => isKeptInLocalCopy(key))).toEqual([]);
  });

  it('keeps nothing for an office role, and only answers that arrived', async () => {
    const { shouldKeepQuery } = await loadLocalCopy();
    const answered = { queryKey: authUserQueryOptions.queryKey, state: { status: 'success' } } as const;
    for (const role of ['admin', 'coordinator', 'auditor'] as const)
      expect({ role, kept: shouldKeepQuery(role, answered as never) }).toEqual({ role, kept: false });
    expect(shouldKeepQuery(undefined, answered as never)).toBe(false);
    expect(shouldKeepQuery('carer', answered as never)).toBe(true);
    expect(shouldKeepQuery('carer', { ...answered, state: { status: 'error' } } as never)).toBe(false);
  });
});

describe('the copy on the phone', () => {
  it("writes a carer's door queries to IndexedDB under care-local-copy, and restores them for that carer only", async () => {
    const copy = await loadLocalCopy();
    const options = copy.localCopyOptions();
    const client = clientWithEverything();
    await copy.noteSignedInUser(client, CARER);
    await persistQueryClientSave({ ...options, queryClient: client });

    const stored: unknown = JSON.parse((await get<string>(copy.LOCAL_COPY_KEY)) ?? 'null');
    const saved = stored as { buster: string; clientState: { queries: { queryKey: unknown[] }[] } };
    expect(saved.clientState.queries.map((query) => query.queryKey)).toEqual(DOOR_KEYS);
    expect(saved.buster).toBe(copy.localCopyBuster(CARER));

    // The next page on this phone: the same carer gets the copy back, before any request.
    vi.resetModules();
    const again = await loadLocalCopy();
    const restored = new QueryClient();
    await persistQueryClientRestore({ ...again.localCopyOptions(), queryClient: restored });
    expect(restored.getQueryData(authUserQueryOptions.queryKey)).toEqual({ key: authUserQueryOptions.queryKey });

    // Another user's copy under this buster is never opened (a copy written for someone else is thrown away).
    const other = new QueryClient();
    await persistQueryClientRestore({
      ...again.localCopyOptions(),
      queryClient: other,
      buster: 'another-user',
    });
    expect(other.getQueryData(authUserQueryOptions.queryKey)).toBeUndefined();
  });

  it('writes nothing for an office user, and drops a carer copy found on their device', async () => {
    const copy = await loadLocalCopy();
    const options = copy.localCopyOptions();
    const client = clientWithEverything();
    await copy.noteSignedInUser(client, CARER);
    await persistQueryClientSave({ ...options, queryClient: client });
    expect(await get(copy.LOCAL_COPY_KEY)).toBeDefined();

    await copy.noteSignedInUser(client, { id: 'admin-1', role: 'admin' });
    expect(await get(copy.LOCAL_COPY_KEY)).toBeUndefined();
    await persistQueryClientSave({ ...options, queryClient: client });
    expect(await get(copy.LOCAL_COPY_KEY)).toBeUndefined();
  });

  it('is gone after a wipe, and a save queued before the wipe does not bring it back', async () => {
    const copy = await loadLocalCopy();
    const options = copy.localCopyOptions();
    const client = clientWithEverything();
    await copy.noteSignedInUser(client, CARER);
    await persistQueryClientSave({ ...options, queryClient: client });
    // A second save within the persister's one-second throttle waits; the wipe happens meanwhile.
    const queued = persistQueryClientSave({ ...options, queryClient: client });
    await copy.wipeLocalCopy();
    expect(await get(copy.LOCAL_COPY_KEY)).toBeUndefined();
    await queued;
    expect(await get(copy.LOCAL_COPY_KEY)).toBeUndefined();
  });
});
