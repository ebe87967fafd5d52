import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '../enums';
import { optionalText, requiredText, safeText } from '../fields';
import { NUMBER_LIMITS } from '../limits';

/** The words the user sees for a blank message (the toast's description). */
export const FEEDBACK_MESSAGE_REQUIRED = 'Please enter your feedback message.';
export const FEEDBACK_RATING_ONLY_POSITIVE = 'A rating is only given with positive feedback';
const RATING_MESSAGE = `Rating must be a whole number from ${NUMBER_LIMITS.feedbackRating.min} to ${NUMBER_LIMITS.feedbackRating.max}`;

/** Field limits for feedback. */
export const FEEDBACK_LIMITS = {
  type: 50,
  category: 50,
  page: 200,
  status: 20,
  message: 5000,
  adminNotes: 2000,
} as const;

/** A text no longer than `max`, then one of `values` (the length first, so an overlong text is told it is too long). */
function limitedEnum<const T extends readonly [string, ...string[]]>(values: T, max: number, message: string) {
  return z
    .string({ error: message })
    .max(max, `Must be at most ${max} characters`)
    .pipe(z.enum(values, { error: message }));
}

/** POST /api/feedback: type, category, message, rating, page. */
export const createFeedbackRequestSchema = z.object({
  type: limitedEnum(FEEDBACK_TYPES, FEEDBACK_LIMITS.type, `Type must be one of: ${FEEDBACK_TYPES.join(', ')}`),
  category: limitedEnum(
    FEEDBACK_CATEGORIES,
    FEEDBACK_LIMITS.category,
    `Category must be one of: ${FEEDBACK_CATEGORIES.join(', ')}`,
  ),
  message: requiredText(FEEDBACK_MESSAGE_REQUIRED, FEEDBACK_LIMITS.message),
  /** Only with type positive: the command refuses it otherwise (see command-api feedback decide). */
  rating: z
    .number({ error: RATING_MESSAGE })
    .int(RATING_MESSAGE)
    .min(NUMBER_LIMITS.feedbackRating.min, RATING_MESSAGE)
    .max(NUMBER_LIMITS.feedbackRating.max, RATING_MESSAGE)
    .nullable()
    .optional(),
  /** The path the user was on (window.location.pathname). */
  page: safeText(FEEDBACK_LIMITS.page, 'Page is required')
    .min(1, 'Page is required')
    .startsWith('/', 'Page must be a path starting with /'),
});
export type CreateFeedbackRequest = z.input<typeof createFeedbackRequestSchema>;
export type CreateFeedbackCommandInput = z.output<typeof createFeedbackRequestSchema>;

/** PATCH /api/feedback/:id (administrators): only the fields sent change; blank notes clear them. */
export const updateFeedbackRequestSchema = z.object({
  status: limitedEnum(
    FEEDBACK_STATUSES,
    FEEDBACK_LIMITS.status,
    `Status must be one of: ${FEEDBACK_STATUSES.join(', ')}`,
  ).optional(),
  adminNotes: optionalText(FEEDBACK_LIMITS.adminNotes),
});
export type UpdateFeedbackRequest = z.input<typeof updateFeedbackRequestSchema>;
export type UpdateFeedbackCommandInput = z.output<typeof updateFeedbackRequestSchema>;
