import { z } from 'zod';

/** `?name=true` or `false`; blank or absent: no filter (undefined), unlike a flag that defaults to false. */
export const optionalBoolean = (label: string) =>
  z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false'], { error: `${label} must be true or false` }).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true'));

/** `?name=` one of `values`; blank or absent: undefined (the list's default). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).optional());
