import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import type { ProjectionStatusView } from './projection-status-view';

/** ProjectionStatusView for the API description and the tests that check replies against it. */
export const projectionStatusViewSchema = z.strictObject({
  name: z.string(),
  version: z.int(),
  servedVersion: z.int(),
  state: z.enum(['live', 'rebuilding', 'stalled']),
  checkpoint: z.string(),
  lagEvents: z.number().nullable(),
  lagSeconds: z.number().nullable(),
  measuredAt: z.string().nullable(),
  rebuild: z
    .strictObject({
      version: z.int(),
      checkpoint: z.string().nullable(),
      eventsDone: z.number(),
      percent: z.number().nullable(),
      startedAt: z.string().nullable(),
    })
    .nullable(),
  stalled: z
    .strictObject({ eventId: z.string(), type: z.string(), position: z.string(), error: z.string(), at: z.string() })
    .nullable(),
  deadLetters: z
    .array(
      z.strictObject({
        eventId: z.string(),
        type: z.string(),
        reason: z.string(),
        skippedBy: z.string(),
        skippedAt: z.string(),
      }),
    )
    .readonly(),
});

export type ProjectionStatusViewSchemaMatches = Expect<
  Same<z.infer<typeof projectionStatusViewSchema>, ProjectionStatusView>
>;
