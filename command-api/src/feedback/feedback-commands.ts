import type { FeedbackCategory, FeedbackStatus, FeedbackType } from '@care/events';

export type FeedbackCommand =
  | {
      readonly type: 'SubmitFeedback';
      readonly id: string;
      readonly feedbackType: FeedbackType;
      readonly category: FeedbackCategory;
      readonly message: string;
      readonly rating: number | null;
      readonly page: string;
    }
  | {
      /** An administrator's triage: only what the request sent (undefined leaves it as it is). */
      readonly type: 'ReviewFeedback';
      readonly id: string;
      readonly status: FeedbackStatus | undefined;
      /** null clears the notes. */
      readonly adminNotes: string | null | undefined;
    };
