import { ApiError, apiSend, type SendMethod } from '../api';
import {
  listRecords,
  markNeedsAttention,
  queueRecord,
  deleteRecord,
  type NewOutboxRecord,
  type OutboxRecord,
} from './outbox';
import { describeVoiceNote, voiceNoteBodySchema, voiceNoteForm } from './voice-note-record';

/**
 * A carer's write that may have to wait for signal. `id` is made once per user action: it is the Idempotency-Key
 * (a voice note's own id).
 */
export interface RecordRequest extends Omit<NewOutboxRecord, 'capturedAt' | 'method'> {
  readonly method: SendMethod;
}

/**
 * What goes on the wire for a record: its JSON body under its Idempotency-Key, or for a voice note the multipart
 * form carrying the record's id as the note's own id, and no key (the upload refuses one).
 */
function wireRequest(record: Pick<OutboxRecord, 'id' | 'kind' | 'body'>): {
  body: unknown;
  headers: Record<string, string>;
} {
  if (record.kind !== 'voice-note') return { body: record.body, headers: { 'Idempotency-Key': record.id } };
  const voiceNote = voiceNoteBodySchema.safeParse(record.body);
  // A body that no longer reads as a voice note is sent as it is: the server's refusal takes it to Needs attention.
  return { body: voiceNote.success ? voiceNoteForm(voiceNote.data, record.id) : record.body, headers: {} };
}

/** Sent now (the server's reply), or kept on the phone to be sent later. */
export type SendResult<T> = { readonly queued: false; readonly reply: T } | { readonly queued: true };

const browserOffline = (): boolean => globalThis.navigator?.onLine === false;

/** fetch rejects with a TypeError when no reply came at all: no signal, or the connection dropped mid-request. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/** Called after a record is queued, so the outbox is sent as soon as it can be. */
let afterQueue: () => void = () => undefined;
export function onRecordQueued(listener: () => void): void {
  afterQueue = listener;
}

/**
 * A carer's write. Online with nothing waiting, it is sent at once with its Idempotency-Key (a double tap records
 * once) and a refusal is thrown as today. Offline, when no reply comes, or behind records still waiting (the order
 * they were made in is kept), it is queued with the phone's time and the screen shows it as done.
 */
export async function sendRecord<T>(
  request: RecordRequest,
  now: () => Date = () => new Date(),
): Promise<SendResult<T>> {
  const capturedAt = now().toISOString();
  const waiting = (await listRecords(request.userId)).some((record) => record.state === 'waiting');
  if (!browserOffline() && !waiting) {
    try {
      const wire = wireRequest(request);
      const reply = await apiSend<T>(request.method, request.path, wire.body, wire.headers);
      return { queued: false, reply };
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  await queueRecord({ ...request, capturedAt });
  afterQueue();
  return { queued: true };
}

/** A refusal the record will meet again however often it is sent: it goes to "Needs attention" and the office is told. */
function isRefusal(error: ApiError): boolean {
  // A 409 with Retry-After is the same key's first send still running: not a refusal, try again later.
  if (error.status === 409) return !error.headers?.has('Retry-After');
  return error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

export interface SyncResult {
  readonly sent: number;
  readonly refused: number;
  /** Stopped early (no signal, signed out, the server busy): what is left waits for the next try. */
  readonly stopped: boolean;
}

/** The office is told of a refused record, with everything in it, so nothing the carer wrote is lost. */
async function reportUnapplied(record: OutboxRecord, error: ApiError, deviceId: string): Promise<void> {
  await apiSend(
    'POST',
    '/api/offline-records/unapplied',
    {
      recordId: record.id,
      deviceId,
      capturedAt: record.capturedAt,
      method: record.method,
      path: record.path,
      label: record.label,
      body: record.kind === 'voice-note' ? describeVoiceNote(record.body) : (record.body ?? null),
      status: error.status,
      reason: error.reason,
    },
    { 'Idempotency-Key': `unapplied-${record.id}` },
  );
}

type Step = 'sent' | 'refused' | 'stop';

async function sendOne(record: OutboxRecord, deviceId: string): Promise<Step> {
  const wire = wireRequest(record);
  const headers = { ...wire.headers, 'Captured-At': record.capturedAt, 'Device-Id': deviceId };
  try {
    await apiSend(record.method, record.path, wire.body, headers);
  } catch (error) {
    if (!(error instanceof ApiError) || !isRefusal(error)) return 'stop';
    try {
      await reportUnapplied(record, error, deviceId);
    } catch (failure) {
      // No reply to the report: the record stays waiting, and the next try meets the same refusal (the first reply
      // is kept under its key) and reports it again under the same key, so the office hears of it once.
      if (!(failure instanceof ApiError) || !isRefusal(failure)) return 'stop';
    }
    await markNeedsAttention(record.id, error.reason, error.status);
    return 'refused';
  }
  // Deleted only now that the server has answered: a page closed before this line sends it again, with its key.
  await deleteRecord(record.id);
  return 'sent';
}

async function sendWaiting(userId: string, deviceId: string): Promise<SyncResult> {
  let sent = 0;
  let refused = 0;
  for (;;) {
    // Read again each time: a record queued during the sync is sent in its turn.
    const next = (await listRecords(userId)).find((record) => record.state === 'waiting');
    if (!next) return { sent, refused, stopped: false };
    const step = await sendOne(next, deviceId);
    if (step === 'stop') return { sent, refused, stopped: true };
    if (step === 'sent') sent += 1;
    else refused += 1;
  }
}

let running: Promise<SyncResult> | undefined;

/**
 * Sends the user's waiting records strictly in the order made, each with its Idempotency-Key, the phone's time
 * (Captured-At) and the phone's id. One sync at a time in this page, and across the app's tabs when the browser
 * can lock (a tab that finds another one sending leaves it to that one).
 */
export function syncOutbox(userId: string, deviceId: string): Promise<SyncResult> {
  running ??= (async () => {
    if (browserOffline()) return { sent: 0, refused: 0, stopped: true };
    const locks = globalThis.navigator?.locks;
    if (!locks) return sendWaiting(userId, deviceId);
    const result: SyncResult | null = await locks.request('care-outbox-sync', { ifAvailable: true }, (lock) =>
      lock ? sendWaiting(userId, deviceId) : null,
    );
    return result ?? { sent: 0, refused: 0, stopped: true };
  })().finally(() => {
    running = undefined;
  });
  return running;
}
