import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import {
  SUGGESTION_REASON_KINDS,
  type CarerSuggestions,
  type FillDayPlan,
  type SuggestedCarer,
} from './carer-suggestion-view';

/** The suggestion views for the API description and the tests that check replies against them. */
export const suggestedCarerSchema = z.strictObject({
  carerId: z.uuid(),
  carerName: z.string(),
  score: z.number(),
  availability: z.enum(['inside', 'outside', 'unknown']),
  travelMinutes: z.number().int().nullable(),
  recentVisits: z.number().int(),
  weekHours: z.number(),
  contractedHours: z.number().nullable(),
  weeklyHoursLimit: z.number(),
  reasons: z.array(
    z.strictObject({
      kind: z.enum(SUGGESTION_REASON_KINDS),
      effect: z.enum(['for', 'against', 'info']),
      text: z.string(),
    }),
  ),
});

export const carerSuggestionsSchema = z.strictObject({
  appointmentId: z.uuid(),
  suggestions: z.array(suggestedCarerSchema),
  excluded: z.strictObject({
    onLeave: z.number().int(),
    busy: z.number().int(),
    untrained: z.number().int(),
    overLimit: z.number().int(),
    fullDay: z.number().int(),
  }),
});

export const fillDayPlanSchema = z.strictObject({
  date: z.iso.date(),
  proposals: z.array(
    z.strictObject({
      appointmentId: z.uuid(),
      clientId: z.uuid(),
      clientName: z.string(),
      start: z.string(),
      end: z.string(),
      visitType: z.string(),
      revision: z.string(),
      proposed: suggestedCarerSchema.nullable(),
    }),
  ),
});

export type SuggestedCarerSchemaMatches = Expect<Same<z.infer<typeof suggestedCarerSchema>, SuggestedCarer>>;
export type CarerSuggestionsSchemaMatches = Expect<Same<z.infer<typeof carerSuggestionsSchema>, CarerSuggestions>>;
export type FillDayPlanSchemaMatches = Expect<Same<z.infer<typeof fillDayPlanSchema>, FillDayPlan>>;
