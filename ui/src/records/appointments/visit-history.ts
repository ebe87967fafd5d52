import { enumLabel, formatDateTime } from '../../shared/format';
import { offlineNote } from '../visit-records/recorded-offline';

/** "AppointmentCarerAssigned" → "Appointment carer assigned". */
export function actionLabel(action: string): string {
  const words = action.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An event's recorded values in words, the ids left out (the names are on the record). */
export function historyDetails(data: Record<string, unknown>): string[] {
  const lines: string[] = [];
  // A check-in or check-out recorded offline: the phone's time and the server's, as one phrase.
  const offline =
    typeof data.offlineCapturedAt === 'string' && typeof data.recordedAt === 'string'
      ? offlineNote({ capturedAt: data.offlineCapturedAt, receivedAt: data.recordedAt })
      : undefined;
  if (offline) lines.push(offline.charAt(0).toUpperCase() + offline.slice(1));
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id' || value === null || value === undefined || /Id$/.test(key)) continue;
    if (offline && (key === 'offlineCapturedAt' || key === 'recordedAt')) continue;
    const label = enumLabel(key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase());
    const text =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? formatDateTime(value)
        : Array.isArray(value)
          ? value.map(String).join(', ') || 'none'
          : typeof value === 'object'
            ? historyDetails(value as Record<string, unknown>).join('; ')
            : String(value);
    if (text !== '') lines.push(`${label}: ${text}`);
  }
  return lines;
}
