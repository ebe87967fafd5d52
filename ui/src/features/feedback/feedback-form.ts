import {
  createFeedbackRequestSchema,
  FEEDBACK_MESSAGE_REQUIRED,
  type CreateFeedbackRequest,
  type FeedbackCategory,
  type FeedbackType,
} from '@care/events';

/** What the dialog holds. */
export interface FeedbackFormValues {
  type: FeedbackType;
  category: FeedbackCategory;
  message: string;
  rating: number;
}

/** The dialog opens as type suggestion, category general, rating 5. */
export const DEFAULT_FEEDBACK_FORM: FeedbackFormValues = {
  type: 'suggestion',
  category: 'general',
  message: '',
  rating: 5,
};

export const RATINGS = [1, 2, 3, 4, 5] as const;

/** The rating is offered, and sent, only with positive feedback. */
export const ratingOffered = (type: FeedbackType): boolean => type === 'positive';

export function formToRequest(values: FeedbackFormValues, page: string): CreateFeedbackRequest {
  return {
    type: values.type,
    category: values.category,
    message: values.message,
    rating: ratingOffered(values.type) ? values.rating : null,
    page,
  };
}

export type FeedbackFormCheck =
  | { ok: true; request: CreateFeedbackRequest }
  | { ok: false; messageRequired: true }
  | { ok: false; messageRequired: false; reason: string };

/** Client-side check with the schema the command API uses: a blank message is told ("Message Required"), never sent. */
export function checkFeedbackForm(values: FeedbackFormValues, page: string): FeedbackFormCheck {
  const request = formToRequest(values, page);
  const result = createFeedbackRequestSchema.safeParse(request);
  if (result.success) return { ok: true, request };
  if (result.error.issues.some((issue) => issue.path[0] === 'message' && issue.message === FEEDBACK_MESSAGE_REQUIRED)) {
    return { ok: false, messageRequired: true };
  }
  return { ok: false, messageRequired: false, reason: result.error.issues[0]?.message ?? 'Invalid feedback' };
}

export { currentPage, QUICK_FEEDBACK } from './quick-feedback';
