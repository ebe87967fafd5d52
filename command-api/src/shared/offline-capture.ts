import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { HttpError } from '@care/events/server';
import type { CommandState } from './command-state';

/**
 * A record made on a carer's phone while it had no signal reaches the server later, from the phone's outbox.
 * The outbox says so with two headers, and every event the request appends keeps them in its metadata, so the
 * record shows both times: when the carer recorded it (the phone's clock) and when the server received it.
 */
export const CAPTURED_AT_HEADER = 'Captured-At';
export const DEVICE_ID_HEADER = 'Device-Id';

export interface OfflineCapture {
  /** The device's clock when the person recorded it (ISO instant, UTC). */
  readonly capturedAt: string;
  /** The device's own id, when it gave one. */
  readonly deviceId?: string;
}

const capturedAtSchema = z.iso
  .datetime({ offset: true, error: `${CAPTURED_AT_HEADER} must be an ISO date and time, e.g. 2026-11-28T09:02:00Z` })
  .transform((value) => new Date(value).toISOString());
const deviceIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,64}$/, `${DEVICE_ID_HEADER} must be 1 to 64 letters, digits or dashes`);

/** The request's offline capture, or undefined for a record sent when it was made. A malformed header is a 400. */
export function offlineCaptureOf(ctx: ParameterizedContext<CommandState>): OfflineCapture | undefined {
  const capturedAt = ctx.get(CAPTURED_AT_HEADER).trim();
  const deviceId = ctx.get(DEVICE_ID_HEADER).trim();
  if (capturedAt === '' && deviceId === '') return undefined;
  const fields: Record<string, string> = {};
  const at = capturedAtSchema.safeParse(capturedAt);
  if (!at.success) fields[CAPTURED_AT_HEADER] = at.error.issues[0]!.message;
  const device = deviceId === '' ? undefined : deviceIdSchema.safeParse(deviceId);
  if (device && !device.success) fields[DEVICE_ID_HEADER] = device.error.issues[0]!.message;
  if (!at.success || (device && !device.success)) throw new HttpError(400, 'Validation failed', fields);
  return { capturedAt: at.data, ...(device && { deviceId: device.data }) };
}
