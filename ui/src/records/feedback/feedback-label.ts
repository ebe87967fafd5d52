import type { FeedbackView } from '@care/events';
import { fullName } from '../../shared/current-user';
import { formatDateTime } from '../../shared/format';

/** Who sent it, for the list: their name, or a plain word when the account is unknown to the read model. */
export const senderName = (feedback: FeedbackView): string =>
  feedback.user ? fullName(feedback.user) : 'Unknown user';

/** Names one row's controls for assistive technology ("feedback from Grace Roberts, 12/05/2025 10:31"). */
export const feedbackLabel = (feedback: FeedbackView): string =>
  `feedback from ${senderName(feedback)}, ${formatDateTime(feedback.createdAt)}`;
