import { z } from 'zod';
import { requiredText } from '../fields';
import { TEXT_LIMITS } from '../limits';
import { OFFLINE_RECORD_CONTENT_MAX } from './offline-record-events';

/**
 * POST /api/offline-records/unapplied: a phone reports a record of its outbox that the server refused, with what
 * the carer wrote (`body`, any JSON), so the office can enter it another way.
 */
export const unappliedOfflineRecordRequestSchema = z.object({
  recordId: z.uuid({ error: 'Record ID must be a UUID' }),
  deviceId: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,50}$/, 'Device ID must be 1 to 50 letters, digits or dashes')
    .nullable()
    .default(null),
  capturedAt: z.iso.datetime({ offset: true, error: 'Captured at must be an ISO date and time' }),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE'], { error: 'Method must be POST, PUT, PATCH or DELETE' }),
  path: requiredText('Path is required', TEXT_LIMITS.shortReason).refine((path) => path.startsWith('/api/'), {
    message: 'Path must be an address under /api/',
  }),
  label: requiredText('Label is required', TEXT_LIMITS.title),
  /** What the phone sent: any JSON (the request itself is JSON, so whatever arrives here is). */
  body: z.unknown().refine((body) => JSON.stringify(body ?? null).length <= OFFLINE_RECORD_CONTENT_MAX, {
    message: `Body must be at most ${OFFLINE_RECORD_CONTENT_MAX} characters of JSON`,
  }),
  status: z
    .int({ error: 'Status must be a whole number' })
    .min(400, 'Status must be a refusal (400 to 499)')
    .max(499, 'Status must be a refusal (400 to 499)'),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
export type UnappliedOfflineRecordRequest = z.input<typeof unappliedOfflineRecordRequestSchema>;
