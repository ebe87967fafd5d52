import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from 'zod';

/**
 * The outbox: writes a carer made while the phone had no signal, kept in IndexedDB (it survives a reload, a closed
 * tab and a restarted phone) and sent in the order they were made once the connection returns.
 */

export const RECORD_KINDS = ['check-in', 'check-out', 'dose', 'diary-note', 'incident', 'voice-note'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const outboxRecordSchema = z.object({
  /**
   * Made on the phone; it is the Idempotency-Key, so a resend after a lost reply records once (a voice note's own
   * id instead, as its upload takes no key).
   */
  id: z.string().min(1).max(255),
  /** The order the records were made in, which is the order they are sent in. */
  seq: z.number().int(),
  /** Who made it: only that person, signed in, sends it. */
  userId: z.string().min(1),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().startsWith('/api/'),
  /** JSON, or for a voice note its fields and the recording as a Blob (read back as it was stored). */
  body: z.unknown(),
  /** The phone's clock when the record was made. */
  capturedAt: z.iso.datetime({ offset: true }),
  /** What it was, for the carer and the office: "Check in: Edith Green". */
  label: z.string(),
  visitId: z.string().optional(),
  /** The dose a dose outcome is for (prescription and due time), so the visit shows it recorded. */
  prescriptionId: z.string().optional(),
  dueAt: z.string().nullable().optional(),
  kind: z.enum(RECORD_KINDS),
  /** 'needs-attention': the server refused it; it stays on the phone until the carer dismisses it. */
  state: z.enum(['waiting', 'needs-attention']),
  reason: z.string().optional(),
  status: z.number().int().optional(),
});

export type OutboxRecord = z.infer<typeof outboxRecordSchema>;
/** A record to queue: the outbox gives it its place in the order and the waiting state. */
export type NewOutboxRecord = Omit<OutboxRecord, 'seq' | 'state' | 'reason' | 'status'>;

interface OutboxDb extends DBSchema {
  records: { key: number; value: Omit<OutboxRecord, 'seq'> & { seq?: number }; indexes: { id: string } };
}

const DB_NAME = 'care-outbox';
let opening: Promise<IDBPDatabase<OutboxDb>> | undefined;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opening ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      // The key counts up as records are added: the store's own order is the order they were made in.
      const store = database.createObjectStore('records', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('id', 'id', { unique: true });
    },
    // Another tab upgrading the database: let it, and open again on the next call.
    blocking() {
      void opening?.then((open) => open.close());
      opening = undefined;
    },
  });
  return opening;
}

const listeners = new Set<() => void>();
// Only in a browser: the app's other tabs hear of each change (in node, an open channel would keep the process alive).
const channel =
  typeof window !== 'undefined' && typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_NAME) : undefined;
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

/** Tells this page's screens, and the app's other tabs, that the outbox changed. */
function changed(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

/** Calls `listener` after every change to the outbox, here or in another tab; returns the unsubscribe. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function queueRecord(record: NewOutboxRecord): Promise<OutboxRecord> {
  const database = await db();
  const seq = await database.add('records', { ...record, state: 'waiting' });
  changed();
  return { ...record, seq, state: 'waiting' };
}

/**
 * Every record in the order made (a user's own when `userId` is given). A stored value that no longer reads as a
 * record (written by an older version of the app) is left out rather than sent half-understood.
 */
export async function listRecords(userId?: string): Promise<OutboxRecord[]> {
  const rows = await (await db()).getAll('records');
  return rows.flatMap((row) => {
    const parsed = outboxRecordSchema.safeParse(row);
    return parsed.success && (userId === undefined || parsed.data.userId === userId) ? [parsed.data] : [];
  });
}

async function update(id: string, change: (record: OutboxRecord) => OutboxRecord | null): Promise<void> {
  const transaction = (await db()).transaction('records', 'readwrite');
  const row = await transaction.store.index('id').get(id);
  const parsed = outboxRecordSchema.safeParse(row);
  if (parsed.success) {
    const next = change(parsed.data);
    if (next === null) await transaction.store.delete(parsed.data.seq);
    else await transaction.store.put(next);
  }
  await transaction.done;
  changed();
}

/** The server accepted it: it is no longer the phone's to keep. */
export function deleteRecord(id: string): Promise<void> {
  return update(id, () => null);
}

/** The server refused it: kept, with the reason, until the carer has read it and dismisses it. */
export function markNeedsAttention(id: string, reason: string, status: number): Promise<void> {
  return update(id, (record) => ({ ...record, state: 'needs-attention', reason, status }));
}

/** Signing out: nothing of this person's work stays on the phone. */
export async function clearOutbox(): Promise<void> {
  await (await db()).clear('records');
  changed();
}
