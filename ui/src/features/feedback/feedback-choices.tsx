import type { CreateFeedbackRequest } from '@care/events';
import { Lightbulb, MessageSquarePlus, ThumbsUp } from 'lucide-react';
import { currentPage, QUICK_FEEDBACK } from './quick-feedback';
import { useSubmitFeedback } from './submit-feedback';

/**
 * The three ways to give feedback on the page in view, in the header's Feedback popover and in the phone's menu:
 * two quick ones sent at once with a preset message, and the full form. `onChosen` closes what holds them; a
 * quick one's answer (the toast) comes after, so it is sent by a mutation that outlives them.
 */
export function FeedbackChoices({
  itemClassName,
  onChosen,
  onShareFull,
}: {
  itemClassName: string;
  onChosen: () => void;
  /** Opens the "Share Your Feedback" dialog. */
  onShareFull: () => void;
}) {
  const quick = useSubmitFeedback();
  const send = (preset: Omit<CreateFeedbackRequest, 'page'>) => {
    quick.mutate({ ...preset, page: currentPage() });
    onChosen();
  };
  return (
    <ul className="feedback-choices">
      <li>
        <button type="button" className={itemClassName} onClick={() => send(QUICK_FEEDBACK.good)}>
          <ThumbsUp size={18} aria-hidden />
          This page works well
        </button>
      </li>
      <li>
        <button type="button" className={itemClassName} onClick={() => send(QUICK_FEEDBACK.suggest)}>
          <Lightbulb size={18} aria-hidden />I have a suggestion
        </button>
      </li>
      <li>
        <button
          type="button"
          className={itemClassName}
          aria-haspopup="dialog"
          onClick={() => {
            onChosen();
            onShareFull();
          }}
        >
          <MessageSquarePlus size={18} aria-hidden />
          Share your feedback
        </button>
      </li>
    </ul>
  );
}
