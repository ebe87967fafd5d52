import type { OfflineRecordedTime } from '@care/events';
import { formatDateTime } from '../../shared/format';

/**
 * "recorded offline at 09:02, received 10:31": a check-in or check-out the carer recorded on their phone without
 * signal counts at the phone's time, and says when the server received it. Never "entered by hand": nobody typed
 * the time. Dates are shown only when the two fall on different days.
 */
export function offlineNote(offline: OfflineRecordedTime | null): string {
  if (offline === null) return '';
  const captured = formatDateTime(offline.capturedAt);
  const received = formatDateTime(offline.receivedAt);
  const sameDay = captured.slice(0, 10) === received.slice(0, 10);
  const time = (text: string) => (sameDay ? text.slice(11) : text);
  return `recorded offline at ${time(captured)}, received ${time(received)}`;
}
