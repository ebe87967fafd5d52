import { z } from 'zod';
import { DATE_LIMITS, INSTANT_LIMITS, TEXT_LIMITS } from './limits';
import { normaliseLineEnds, unsafeTextMessage } from './safe-text';

/**
 * The building blocks of every request schema (shared with the UI, so a form shows the server's words). Each one
 * is bounded to what the domain allows (limits.ts): a value the edge accepts always fits the event schemas and
 * the read model.
 */

export const tooLongMessage = (max: number): string => `Must be at most ${max} characters`;
export const DATE_RANGE_MESSAGE = 'Must be a date from 1900 to 2099';
export const INSTANT_RANGE_MESSAGE = 'Must be a date and time from 1900 to 2099';

/** A zod check: refuses a text with control characters (other than newline and tab) or broken Unicode. */
export function refuseUnsafeText(value: string, ctx: z.RefinementCtx): void {
  const message = unsafeTextMessage(value);
  if (message) ctx.addIssue({ code: 'custom', message });
}

/**
 * The base of every free-text field: line ends made newlines, trimmed, at most `max` characters, and nothing a
 * store refuses. `message` answers a value that is not text at all.
 */
export function safeText(max: number, message?: string) {
  return z
    .string(message === undefined ? undefined : { error: message })
    .overwrite(normaliseLineEnds)
    .trim()
    .max(max, tooLongMessage(max))
    .superRefine(refuseUnsafeText);
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** A search box's text (read API query strings): PostgreSQL refuses a NUL in a query parameter too. */
export function searchText() {
  return z
    .string()
    .trim()
    .max(TEXT_LIMITS.search, `Search must be at most ${TEXT_LIMITS.search} characters`)
    .superRefine(refuseUnsafeText);
}

/** A value from a list of choices, answered with the choices when it is none of them: "Status must be one of: open, closed". */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

/**
 * Query-string fields (read API filters), bounded like the body fields above: a query value goes into the same
 * SQL and the same date arithmetic as a body value, so year 0 or 9999 and a NUL are refused here with a 400
 * rather than by PostgreSQL with an error. A blank value (a filter left empty, `?status=`) means "not given":
 * only the empty text, since a value of spaces is something the user typed and is checked like any other.
 */
export const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** `?name=` one of `values`; blank or absent: undefined (the list's default). */
export function queryOneOf<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.preprocess(blankAsAbsent, oneOf(values, label).optional());
}

/** A calendar date filter, YYYY-MM-DD, 1900 to 2099; `label` names it in the message ("From date"). */
export function queryDate(label: string) {
  return z.preprocess(blankAsAbsent, queryDateValue(label).optional());
}

/** The same, required. */
export function requiredQueryDate(label: string) {
  return queryDateValue(label);
}

function queryDateValue(label: string) {
  return z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((date) => inDateRange(date), `${label}: ${DATE_RANGE_MESSAGE}`);
}

/** An instant filter with its offset (ISO 8601), 1900 to 2099; the text is kept as sent. */
export function queryInstant(label: string) {
  return z.preprocess(blankAsAbsent, queryInstantValue(label).optional());
}

/** The same, required. */
export function requiredQueryInstant(label: string) {
  return queryInstantValue(label);
}

function queryInstantValue(label: string) {
  return z.iso
    .datetime({ offset: true, error: `${label} must be a date and time (ISO 8601, with its time zone)` })
    .refine((instant) => inInstantRange(instant), `${label}: ${INSTANT_RANGE_MESSAGE}`);
}

/** A free-text filter other than a search box (an id typed or pasted): trimmed, at most `max`, no control characters. */
export function queryText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(refuseUnsafeText);
}

/** Form fields arrive as '' when left blank: an optional text field treats that as null. */
export function optionalText(max: number) {
  return z.preprocess(blankToNull, safeText(max).nullable().optional());
}

export function requiredText(message: string, max: number) {
  return safeText(max, message).min(1, message);
}

export const inDateRange = (date: string, limits: { min: string; max: string } = DATE_LIMITS): boolean =>
  date >= limits.min && date <= limits.max;
export const inInstantRange = (instant: string, limits: { min: string; max: string } = INSTANT_LIMITS): boolean => {
  const time = Date.parse(instant);
  return time >= Date.parse(limits.min) && time <= Date.parse(limits.max);
};
const isoDate = () =>
  z.iso.date({ error: 'Must be a valid date' }).refine((date) => inDateRange(date), DATE_RANGE_MESSAGE);

/** A calendar date, YYYY-MM-DD (no time zone: a date of birth is the same day everywhere), 1900 to 2099. */
export function requiredDate(message: string) {
  return z.string({ error: message }).trim().min(1, message).pipe(isoDate());
}

export function optionalDate() {
  return z.preprocess(blankToNull, isoDate().nullable().optional());
}

/** Optional enumeration where a blank form value means "not set". */
export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => (value === '' ? null : value), z.enum(values).nullable().optional());
}

/** Trimmed, blank entries dropped, duplicates removed (case-insensitive, first spelling kept). */
export function textList(maxItems: number, maxLength: number) {
  return z
    .array(
      z
        .string()
        .trim()
        .max(maxLength, `Each entry must be at most ${maxLength} characters`)
        .superRefine(refuseUnsafeText),
    )
    .max(maxItems, `At most ${maxItems} entries`)
    .transform((items) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of items) {
        const item = raw.trim();
        const key = item.toLowerCase();
        if (item === '' || seen.has(key)) continue;
        seen.add(key);
        out.push(item);
      }
      return out;
    });
}

const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : blankToNull(value));

/** "£1,000.00": a limit as the message shows it. */
export function formatPoundsLimit(pence: number): string {
  return `£${penceToPounds(pence).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/**
 * Pounds with at most 2 decimals, as a number or string; converted to integer pence, at most `maxPence`.
 * `message` answers a value that is not an amount; an amount over the limit is answered with the limit.
 */
export function poundsToPence(message: string, maxPence: number, label: string) {
  return z.preprocess(
    numberAsText,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, message)
      .transform((text) => {
        const [whole, fraction = ''] = text.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      })
      .pipe(z.number().max(maxPence, `${label} must be at most ${formatPoundsLimit(maxPence)}`))
      .nullable()
      .optional(),
  );
}

export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/** Miles with at most one decimal, as a number or string; converted to whole tenths of a mile, at most `maxTenths`. */
export function milesToTenths(message: string, maxTenths: number, label: string) {
  return z.preprocess(
    numberAsText,
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{1,5}(\.\d)?$/, message)
      .transform((text) => Math.round(Number(text) * 10))
      .pipe(z.number().max(maxTenths, `${label} must be at most ${maxTenths / 10} miles`))
      .nullable()
      .optional(),
  );
}

export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A record the request is about (carer, client): required, and a malformed id cannot name one. Lower-cased so
 * that it names the record's stream whatever case it was sent in.
 */
export function requiredReference(required: string, notFound: string) {
  return z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .pipe(z.uuid({ error: notFound }));
}

/** An optional reference: blank or null means "none". */
export function optionalReference(notFound: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: notFound })
      .trim()
      .toLowerCase()
      .pipe(z.uuid({ error: notFound }))
      .nullable()
      .optional(),
  );
}

/** An ISO instant with its offset, as the UTC instant it names, from 1900 to 2099. */
const isoInstant = () =>
  z.iso
    .datetime({ offset: true, error: 'Must be a valid date and time with its time zone' })
    .transform((value) => new Date(value).toISOString())
    .refine((instant) => inInstantRange(instant), INSTANT_RANGE_MESSAGE);

/**
 * An instant with its offset (the UI converts the datetime-local value to ISO), stored in UTC. A bare local
 * time is refused: without an offset the server cannot know which moment the user meant.
 */
export function requiredInstant(message: string) {
  return z.string({ error: message }).trim().min(1, message).pipe(isoInstant());
}

/** An optional instant: blank means "not given" (the server then uses the time it receives the request). */
export function optionalInstant() {
  return z.preprocess(blankToUndefined, isoInstant().optional());
}

/** An instant an edit may clear: blank or null clears it, absent leaves it as it is. */
export function clearableInstant() {
  return z.preprocess(blankToNull, isoInstant().nullable().optional());
}

const numericText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** A whole number in a range, sent as a number or a numeric string (form inputs). */
export function integerBetween(min: number, max: number, message: string) {
  return z.preprocess(numericText, z.number({ error: message }).int(message).min(min, message).max(max, message));
}

/** The same, optional: blank or null means "not recorded". */
export function optionalIntegerBetween(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (value === '' ? null : numericText(value)),
    z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().optional(),
  );
}
