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
