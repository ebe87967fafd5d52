import type { Role } from '@care/events';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PersistedClient, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { z } from 'zod';
import { BRAND } from '../brand';

/**
 * The local copy: what a carer needs at the door, kept in the phone's IndexedDB so the app opens and shows today's
 * work without signal. Only a carer's device keeps one (office roles read everything, which must not sit on a
 * laptop); only the queries listed below go into it; it is wiped at sign-out and when the session is refused.
 */

/** The idb-keyval key (in its default database) that holds the whole copy. */
export const LOCAL_COPY_KEY = 'care-local-copy';
/** Who the copy belongs to, read before the first screen so the copy is restored only for them. */
const OWNER_KEY = 'care-local-copy-owner';
/** A copy older than two days is thrown away rather than shown: a visit list that old would mislead. */
export const LOCAL_COPY_MAX_AGE_MS = 48 * 60 * 60 * 1000;

/** Only this role keeps a copy on the device. */
export const keepsLocalCopy = (role: Role): boolean => role === 'carer';

/**
 * The queries kept, by key: a string is that key element exactly; a pattern matches a URL with its parameters.
 * Each key's first element is its URL (shared/query-keys.ts), so the list reads as the requests the copy answers.
 */
const KEPT_KEYS: readonly (readonly (string | RegExp)[])[] = [
  // Who is signed in: the auth gate opens from it offline.
  ['/api/auth/user'],
  // The Check In screen: today's visits (and last night's still running), and tomorrow's.
  ['/api/appointments?today=true&underway=true'],
  [/^\/api\/appointments\?date=\d{4}-\d{2}-\d{2}$/],
  // A visit's medicines: the doses due and the prescriptions with the client's allergies (visit-medications.tsx).
  [/^\/api\/medications\/due\?clientId=[\w-]+&limit=100$/],
  [/^\/api\/medications\?clientId=[\w-]+&status=active&limit=100$/],
  // "Before you go in": the clients on the carer's visits, and each one's care plan.
  ['/api/clients', 'all'],
  [/^\/api\/care-plans\?clientId=[\w-]+$/],
];

/** Whether a query with this key goes into the local copy. */
export function isKeptInLocalCopy(queryKey: QueryKey): boolean {
  return KEPT_KEYS.some(
    (kept) =>
      kept.length === queryKey.length &&
      kept.every((part, index) => {
        const element = queryKey[index];
        return typeof part === 'string' ? element === part : typeof element === 'string' && part.test(element);
      }),
  );
}

const ownerSchema = z.object({ id: z.string().min(1), role: z.string() });
type Owner = z.infer<typeof ownerSchema>;

function readOwner(): Owner | null {
  try {
    const parsed = ownerSchema.safeParse(JSON.parse(window.localStorage.getItem(OWNER_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The copy is restored only when it was written by this release for this user. */
export const localCopyBuster = (owner: Pick<Owner, 'id'> | null): string => `${BRAND.version}:${owner?.id ?? ''}`;

/** The signed-in carer the copy is for; null: no copy is written (nobody known yet, an office role, signed out). */
let owner: Owner | null = null;
/** After a wipe nothing is written again until the page is left: a save already queued must not bring it back. */
let wiped = false;

const storedCopy = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key),
    // Saves are throttled: one queued before a wipe would otherwise write the copy back after it.
    setItem: async (key, value) => {
      if (!wiped) await set(key, value);
    },
    removeItem: del,
  },
  key: LOCAL_COPY_KEY,
});

/** The persister the provider uses: writes only for a carer, stamped with that carer's buster. */
export const localCopyPersister = {
  persistClient: async (client: PersistedClient): Promise<void> => {
    if (wiped || owner === null || !keepsLocalCopy(owner.role as Role)) return;
    await storedCopy.persistClient({ ...client, buster: localCopyBuster(owner) });
  },
  restoreClient: () => storedCopy.restoreClient(),
  removeClient: () => storedCopy.removeClient(),
};

/** Only a signed-in carer's successful answers to the listed queries go into the copy. */
export function shouldKeepQuery(role: Role | undefined, query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return (
    role !== undefined && keepsLocalCopy(role) && query.state.status === 'success' && isKeptInLocalCopy(query.queryKey)
  );
}

/** The provider's options: read once, before the first render, so the restore knows whose copy it may open. */
export function localCopyOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  owner = readOwner();
  return {
    persister: localCopyPersister,
    maxAge: LOCAL_COPY_MAX_AGE_MS,
    buster: localCopyBuster(owner),
    dehydrateOptions: { shouldDehydrateQuery: (query) => shouldKeepQuery(owner?.role as Role | undefined, query) },
  };
}

/** Reload every kept query from the server (after a restore while online, and when the signal comes back). */
export function refreshLocalCopy(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => isKeptInLocalCopy(query.queryKey) });
}

/**
 * Told who the server says is signed in. An office role keeps nothing on the device; another carer than the one
 * whose copy was opened gets none of it: the copy and what it put in memory are dropped before anything is shown.
 */
export async function noteSignedInUser(
  queryClient: QueryClient,
  user: { readonly id: string; readonly role: Role },
): Promise<void> {
  if (wiped) return;
  if (!keepsLocalCopy(user.role)) {
    if (owner !== null || readOwner() !== null) await wipeLocalCopy();
    return;
  }
  if (owner?.id === user.id) return;
  if (owner !== null) {
    queryClient.removeQueries({
      predicate: (query) => isKeptInLocalCopy(query.queryKey) && query.queryKey[0] !== '/api/auth/user',
    });
    await storedCopy.removeClient();
  }
  owner = { id: user.id, role: user.role };
  window.localStorage.setItem(OWNER_KEY, JSON.stringify(owner));
  // Kept queries stay in memory as long as the copy may be used, or a screen not open would fall out of it.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, gcTime: LOCAL_COPY_MAX_AGE_MS },
  });
}

/** Removes the copy from the device (sign-out, a refused session); nothing is written again on this page. */
export async function wipeLocalCopy(): Promise<void> {
  wiped = true;
  owner = null;
  window.localStorage.removeItem(OWNER_KEY);
  await Promise.all([storedCopy.removeClient(), del(LOCAL_COPY_KEY)]);
}
