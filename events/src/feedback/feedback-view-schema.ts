import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, ROLES } from '../enums';
import type { FeedbackView } from './feedback-view';

/** FeedbackView for the API description and the tests that check replies against it. */
export const feedbackViewSchema = z.strictObject({
  id: z.uuid(),
  userId: z.string(),
  user: z
    .strictObject({ firstName: z.string(), lastName: z.string(), email: z.string(), role: z.enum(ROLES) })
    .nullable(),
  type: z.enum(FEEDBACK_TYPES),
  category: z.enum(FEEDBACK_CATEGORIES),
  message: z.string(),
  rating: z.int().min(1).max(5).nullable(),
  page: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  adminNotes: z.string().nullable(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type FeedbackViewSchemaMatches = Expect<Same<z.infer<typeof feedbackViewSchema>, FeedbackView>>;
