import { FEEDBACK_RATING_ONLY_POSITIVE, type FeedbackSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { FeedbackCommand } from './feedback-commands';
import type { FeedbackState } from './feedback-state';

/** The feedback aggregate's rules. Pure: the same command and state always give the same events or error. */
export function decide(command: FeedbackCommand, state: FeedbackState): FeedbackSliceEvent[] {
  switch (command.type) {
    case 'SubmitFeedback': {
      if (state.exists) throw new DomainError('conflict', 'Feedback already exists');
      // The widget offers a rating only for positive feedback. A rating on other
      // feedback is refused rather than dropped, so a client never believes a rating was kept when it was not.
      if (command.rating !== null && command.feedbackType !== 'positive') {
        throw new DomainError('invalid', FEEDBACK_RATING_ONLY_POSITIVE, 'rating');
      }
      const { id, feedbackType: type, category, message, rating, page } = command;
      return [{ type: 'FeedbackSubmitted', data: { id, type, category, message, rating, page } }];
    }
    case 'ReviewFeedback': {
      if (!state.exists) throw new DomainError('not_found', 'Feedback not found');
      const events: FeedbackSliceEvent[] = [];
      if (command.status !== undefined && command.status !== state.status) {
        events.push({ type: 'FeedbackStatusChanged', data: { id: command.id, status: command.status } });
      }
      if (command.adminNotes !== undefined && command.adminNotes !== state.adminNotes) {
        events.push({ type: 'FeedbackAdminNotesChanged', data: { id: command.id, adminNotes: command.adminNotes } });
      }
      return events;
    }
    default:
      return assertNever(command);
  }
}
