import { z } from 'zod';

/** Form fields arrive as '' when left blank: an optional text field treats that as null. */
export function optionalText(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional(),
  );
}

export function requiredText(message: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

/** A calendar date, YYYY-MM-DD (no time zone: a date of birth is the same day everywhere). */
export function requiredDate(message: string) {
  return z.string({ error: message }).trim().min(1, message).pipe(z.iso.date({ error: 'Must be a valid date' }));
}

export function optionalDate() {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.iso.date({ error: 'Must be a valid date' }).nullable().optional(),
  );
}

/** Optional enumeration where a blank form value means "not set". */
export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => (value === '' ? null : value), z.enum(values).nullable().optional());
}

/** Trimmed, blank entries dropped, duplicates removed (case-insensitive, first spelling kept). */
export function textList(maxItems: number, maxLength: number) {
  return z
    .array(z.string().max(maxLength, `Each entry must be at most ${maxLength} characters`))
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

/** Pounds with at most 2 decimals, as a number or string; converted to integer pence. */
export function poundsToPence(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, message)
      .transform((text) => {
        const [whole, fraction = ''] = text.split('.');
        return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      })
      .nullable()
      .optional(),
  );
}

export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

export const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * A record the request is about (carer, client): required, and a malformed id cannot name one. Lower-cased so
 * that it names the record's stream whatever case it was sent in.
 */
export function requiredReference(required: string, notFound: string) {
  return z.string({ error: required }).trim().toLowerCase().min(1, required).pipe(z.uuid({ error: notFound }));
}

/** An optional reference: blank or null means "none". */
export function optionalReference(notFound: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string({ error: notFound }).trim().toLowerCase().pipe(z.uuid({ error: notFound })).nullable().optional(),
  );
}

/**
 * An instant with its offset (the UI converts the datetime-local value to ISO), stored in UTC. A bare local
 * time is refused: without an offset the server cannot know which moment the user meant.
 */
export function requiredInstant(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .pipe(z.iso.datetime({ offset: true, error: 'Must be a valid date and time with its time zone' }))
    .transform((value) => new Date(value).toISOString());
}

/** A whole number in a range, sent as a number or a numeric string (form inputs). */
export function integerBetween(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}
