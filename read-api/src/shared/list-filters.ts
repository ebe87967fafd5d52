import { z } from 'zod';

/** `?name=true` or `false`; blank or absent: no filter (undefined), unlike a flag that defaults to false. */
export const optionalBoolean = (label: string) =>
  z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false'], { error: `${label} must be true or false` }).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true'));
