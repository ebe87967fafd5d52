import { z } from 'zod';
import { blankAsAbsent } from '@care/events';

/** `?name=true` or `false`; blank or absent: no filter (undefined), unlike a flag that defaults to false. */
export const optionalBoolean = (label: string) =>
  z
    .preprocess(blankAsAbsent, z.enum(['true', 'false'], { error: `${label} must be true or false` }).optional())
    .transform((value) => (value === undefined ? undefined : value === 'true'));
