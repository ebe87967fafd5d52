import { createHash } from 'node:crypto';

/** A fixed namespace for alert ids (RFC 9562 name-based UUIDs). */
const ALERT_NAMESPACE = '6f1c2a4e-3b7d-5e8f-9a0b-1c2d3e4f5a6b';

/**
 * The alert id of a rule and subject: a version 5 UUID of `<rule>/<subject>`. Every runner derives the same id,
 * and the raise appends to `alert-<id>` expecting no stream, so the alert is raised exactly once.
 */
export function alertIdFor(rule: string, subject: string): string {
  const namespace = Buffer.from(ALERT_NAMESPACE.replaceAll('-', ''), 'hex');
  const hash = createHash('sha1').update(namespace).update(`${rule}/${subject}`, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
