import { z } from 'zod';
import { inDateRange, inInstantRange, refuseUnsafeText } from './fields';
import { STORED_DATE_LIMITS, STORED_INSTANT_LIMITS } from './limits';

/**
 * The building blocks of the event schemas. They hold the same bounds as the request schemas (limits.ts), so
 * nothing out of range can be appended (command-api checks every event against its schema before appending) and
 * the projector can rely on every value fitting its column. Events are facts already checked at the edge: these
 * carry no user-facing messages.
 */

/** Text of at most `max` characters that every store keeps (no control characters but newline and tab). */
export function eventText(max: number) {
  return z.string().max(max).superRefine(refuseUnsafeText);
}

/** A list of such texts. */
export function eventTextList(maxItems: number, maxLength: number) {
  return z.array(eventText(maxLength)).max(maxItems);
}

/** A whole number in `limits` (one of NUMBER_LIMITS, or a money maximum with min 0). */
export function eventInteger(limits: { readonly min: number; readonly max: number }) {
  return z.number().int().min(limits.min).max(limits.max);
}

/** Integer pence from 0 to `maxPence` (docs/decisions/0009-money-in-pence-durations-in-minutes.md). */
export function eventPence(maxPence: number) {
  return eventInteger({ min: 0, max: maxPence });
}

/** A calendar date, YYYY-MM-DD, from 1900 to 2100 (STORED_DATE_LIMITS). */
export function eventDate() {
  return z.iso.date().refine((date) => inDateRange(date, STORED_DATE_LIMITS));
}

/** A UTC instant (ISO, ending in Z), from 1900 to the end of 2100 (STORED_INSTANT_LIMITS). */
export function eventInstant() {
  return z.iso.datetime().refine((instant) => inInstantRange(instant, STORED_INSTANT_LIMITS));
}
