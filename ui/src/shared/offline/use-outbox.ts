import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../current-user';
import { toast } from '../toast';
import { deviceId } from './device-id';
import { listRecords, subscribeOutbox, type OutboxRecord } from './outbox';
import { onRecordQueued, syncOutbox } from './outbox-sync';

/** How often the phone tries again while records wait (besides the moment the browser says it is back online). */
export const RETRY_INTERVAL_MS = 30_000;
const LAST_SENT_KEY = 'care-outbox-last-sent';

/** The outbox as last read, shared by every screen; read again after each change (here or in another tab). */
let records: readonly OutboxRecord[] = [];
const recordListeners = new Set<() => void>();
let unsubscribeStore: (() => void) | undefined;

async function reload(): Promise<void> {
  records = await listRecords();
  for (const listener of recordListeners) listener();
}

function subscribeRecords(listener: () => void): () => void {
  recordListeners.add(listener);
  if (!unsubscribeStore) {
    unsubscribeStore = subscribeOutbox(() => void reload());
    void reload();
  }
  return () => {
    recordListeners.delete(listener);
  };
}

/** The signed-in person's records on this phone, waiting or needing attention, in the order made. */
export function useOutboxRecords(): readonly OutboxRecord[] {
  const userId = useCurrentUser().id;
  const all = useSyncExternalStore(subscribeRecords, () => records);
  return useMemo(() => all.filter((record) => record.userId === userId), [all, userId]);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}

const lastSentListeners = new Set<() => void>();
function subscribeLastSent(listener: () => void): () => void {
  lastSentListeners.add(listener);
  return () => lastSentListeners.delete(listener);
}
const readLastSent = (): string | null => localStorage.getItem(LAST_SENT_KEY);

/** When the phone last sent a waiting record (ISO), or null. */
export function useLastSent(): string | null {
  return useSyncExternalStore(subscribeLastSent, readLastSent);
}

/** The screen's words for a record kept on the phone. */
export function toastSavedOnPhone(): void {
  toast({ title: 'Saved on this phone', description: 'It will be sent when you are back online.' });
}

/**
 * Sends the outbox whenever it can: when the app starts, when the browser is back online, just after a record is
 * queued, and every 30 s while records wait. After records were sent every screen reloads, so it shows the
 * server's own account of them.
 */
export function useOutboxSync(): void {
  const userId = useCurrentUser().id;
  const queryClient = useQueryClient();
  useEffect(() => {
    const device = deviceId();
    const run = async () => {
      const result = await syncOutbox(userId, device);
      if (result.sent > 0) {
        localStorage.setItem(LAST_SENT_KEY, new Date().toISOString());
        for (const listener of lastSentListeners) listener();
      }
      if (result.sent + result.refused > 0) await queryClient.invalidateQueries();
    };
    const trigger = () => void run().catch(() => undefined);
    onRecordQueued(trigger);
    window.addEventListener('online', trigger);
    // With nothing waiting a try costs one read of the outbox on the phone, and nothing on the network.
    const timer = window.setInterval(trigger, RETRY_INTERVAL_MS);
    trigger();
    return () => {
      onRecordQueued(() => undefined);
      window.removeEventListener('online', trigger);
      window.clearInterval(timer);
    };
  }, [userId, queryClient]);
}
