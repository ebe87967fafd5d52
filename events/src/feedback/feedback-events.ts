import { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, FEEDBACK_TYPES, type FeedbackStatus } from '../enums';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInteger, eventText } from '../event-fields';
import { NUMBER_LIMITS } from '../limits';
import { FEEDBACK_LIMITS } from './feedback-request';

/**
 * Feedback sent from the feedback widget. Who sent it is the event metadata's userId;
 * the page is the path the user was on. A rating (1 to 5) comes only with positive feedback.
 */
export const FeedbackSubmitted = defineEvent(
  'FeedbackSubmitted',
  1,
  z.object({
    id: z.uuid(),
    type: z.enum(FEEDBACK_TYPES),
    category: z.enum(FEEDBACK_CATEGORIES),
    message: eventText(FEEDBACK_LIMITS.message),
    rating: eventInteger(NUMBER_LIMITS.feedbackRating).nullable(),
    page: eventText(FEEDBACK_LIMITS.page),
  }),
);

/** An administrator moved the feedback along its triage (open, in review, planned, resolved, closed). */
export const FeedbackStatusChanged = defineEvent(
  'FeedbackStatusChanged',
  1,
  z.object({ id: z.uuid(), status: z.enum(FEEDBACK_STATUSES) }),
);

/** An administrator's notes on the feedback; null when they were cleared. */
export const FeedbackAdminNotesChanged = defineEvent(
  'FeedbackAdminNotesChanged',
  1,
  z.object({ id: z.uuid(), adminNotes: eventText(FEEDBACK_LIMITS.adminNotes).nullable() }),
);

/** Every event of this slice. */
export const feedbackSliceEvents = [FeedbackSubmitted, FeedbackStatusChanged, FeedbackAdminNotesChanged] as const;
export type FeedbackSliceEvent = EventOf<typeof feedbackSliceEvents>;

export const feedbackStreamId = (feedbackId: string): string => `feedback-${feedbackId}`;

/** New feedback waits for an administrator to look at it: its status starts as open. */
export const INITIAL_FEEDBACK_STATUS: FeedbackStatus = 'open';
