import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import type { WorkingPatternView, WorkingTimeView } from './working-pattern-view';

const weekday = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
]);

/** WorkingPatternView for the API description and the tests that check replies against it. */
export const workingPatternViewSchema = z.strictObject({
  carerId: z.uuid(),
  weekly: z.array(z.strictObject({ weekday, start: z.string(), end: z.string() })),
  exceptions: z.array(
    z.strictObject({
      date: z.iso.date(),
      available: z.boolean(),
      start: z.string().nullable(),
      end: z.string().nullable(),
      note: z.string().nullable(),
    }),
  ),
  contractedHoursPerWeek: z.number().nullable(),
  weeklyHoursLimit: z.number(),
  optedOutOn: z.iso.date().nullable(),
  revision: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});

export type WorkingPatternViewSchemaMatches = Expect<
  Same<z.infer<typeof workingPatternViewSchema>, WorkingPatternView>
>;

/** One row of GET /api/working-time. */
export const workingTimeViewSchema = z.strictObject({
  carerId: z.uuid(),
  weekStart: z.iso.date(),
  minutes: z.number().int(),
  weeklyHoursLimit: z.number(),
  overLimit: z.boolean(),
});

export type WorkingTimeViewSchemaMatches = Expect<Same<z.infer<typeof workingTimeViewSchema>, WorkingTimeView>>;
