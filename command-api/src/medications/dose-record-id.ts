import { createHash } from 'node:crypto';

/** A fixed namespace for dose record ids (RFC 9562 name-based UUIDs). */
const DOSE_NAMESPACE = '3a8e5f1c-2b4d-5e6f-8a9b-0c1d2e3f4a5b';

/**
 * The record id of a scheduled dose: a version 5 UUID of `<prescriptionId>/<dueAt>`. Every recorder derives the
 * same id for the same dose, so the dose and its record name each other whatever path recorded it.
 */
export function doseRecordId(prescriptionId: string, dueAt: string): string {
  const namespace = Buffer.from(DOSE_NAMESPACE.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1')
    .update(namespace)
    .update(`${prescriptionId}/${new Date(dueAt).toISOString()}`, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
