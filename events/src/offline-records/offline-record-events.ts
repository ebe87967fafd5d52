import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventInteger, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/** The longest record content kept: far above any one form's fields (each note is at most 5,000 characters). */
export const OFFLINE_RECORD_CONTENT_MAX = 50_000;

/**
 * A record a carer made on their phone without signal, which the server refused when the phone sent it later (the
 * visit was cancelled or reassigned meanwhile, the prescription changed). The phone keeps it in its "needs
 * attention" list; this event keeps what the carer wrote in the log and raises an alert for the office, so nothing
 * written is lost. Who sent it is the metadata's userId; the stream is `offline-record-<id>`, the id being the one
 * the phone gave the record (its Idempotency-Key), so the same record is reported once.
 */
export const OfflineRecordUnapplied = defineEvent(
  'OfflineRecordUnapplied',
  1,
  z.object({
    id: z.uuid(),
    /** The carer record of the account that sent it; null for staff without one. */
    carerId: z.uuid().nullable(),
    /** The visit the record was about, when its address named one. */
    appointmentId: z.uuid().nullable(),
    deviceId: eventText(TEXT_LIMITS.reference).nullable(),
    /** The phone's clock when the carer recorded it. */
    capturedAt: eventInstant(),
    /** What the phone sent: the method and address of the write, its own short label, and its body as JSON text. */
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
    path: eventText(TEXT_LIMITS.shortReason),
    label: eventText(TEXT_LIMITS.title),
    content: eventText(OFFLINE_RECORD_CONTENT_MAX),
    /** The server's refusal: its status and reason. */
    status: eventInteger({ min: 400, max: 499 }),
    reason: eventText(TEXT_LIMITS.shortReason),
  }),
);

export const offlineRecordEvents = [OfflineRecordUnapplied] as const;
export type OfflineRecordEvent = EventOf<typeof offlineRecordEvents>;

export const offlineRecordStreamId = (id: string): string => `offline-record-${id}`;
