import { formatDateTime } from '../../shared/format';

/** The read API renews a connected carer's time every minute: within two, the app is online now. */
const ONLINE_WITHIN_MS = 2 * 60_000;

/**
 * What the office reads of a carer's phone: "App online", "App last online 08:47" (with the date when it was
 * another day), or "App not seen online" for a carer whose app never connected. A carer whose app went offline
 * before their visit may well be there without signal; one whose app is online and has not checked in is not.
 */
export function appSignalText(lastOnline: string | null, now: Date): string {
  if (lastOnline === null) return 'App not seen online';
  if (now.getTime() - Date.parse(lastOnline) <= ONLINE_WITHIN_MS) return 'App online';
  const when = formatDateTime(lastOnline);
  const today = formatDateTime(now.toISOString()).slice(0, 10);
  return `App last online ${when.startsWith(today) ? when.slice(11) : when}`;
}
