import { z } from 'zod';

const STORAGE_KEY = 'care-device-id';
const deviceIdSchema = z.uuid();

/**
 * The phone's own id: a random UUID made the first time it is asked for and kept in the browser, so the office can
 * tell which device a record made without signal came from. A value that is not a UUID (edited by hand) is replaced.
 */
export function deviceId(storage: Storage = localStorage): string {
  const kept = deviceIdSchema.safeParse(storage.getItem(STORAGE_KEY));
  if (kept.success) return kept.data;
  const made = crypto.randomUUID();
  storage.setItem(STORAGE_KEY, made);
  return made;
}
