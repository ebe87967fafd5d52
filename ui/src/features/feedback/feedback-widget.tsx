import type { CreateFeedbackRequest } from '@care/events';
import { Lightbulb, MessageSquarePlus, ThumbsUp } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../shared/lazy-named';
import { useIsMobile } from '../../shared/use-is-mobile';
import { currentPage, QUICK_FEEDBACK } from './quick-feedback';
import { useSubmitFeedback } from './submit-feedback';
import './feedback.css';

/** The widget is on every screen; its dialog (and Radix Dialog) is fetched when first opened. */
const FeedbackDialog = lazyNamed(() => import('./feedback-dialog'), 'FeedbackDialog');

/**
 * The feedback widget: fixed at the bottom right of every signed-in screen
 * (the shell mounts it inside the auth gate). On phones it sits above the bottom tab bar and shows icons only.
 */
export function FeedbackWidget() {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const quick = useSubmitFeedback();
  const send = (preset: Omit<CreateFeedbackRequest, 'page'>) => quick.mutate({ ...preset, page: currentPage() });

  return (
    <>
      <div
        className={`feedback-widget${mobile ? ' feedback-widget-mobile' : ''}`}
        role="group"
        aria-label="Feedback"
        data-testid="feedback-widget"
      >
        <button
          type="button"
          className="feedback-widget-button"
          disabled={quick.isPending}
          onClick={() => send(QUICK_FEEDBACK.good)}
          title="This page works well"
        >
          <ThumbsUp size={16} aria-hidden />
          <span className={mobile ? 'sr-only' : undefined}>Good</span>
        </button>
        <button
          type="button"
          className="feedback-widget-button"
          disabled={quick.isPending}
          onClick={() => send(QUICK_FEEDBACK.suggest)}
          title="I have a suggestion for this page"
        >
          <Lightbulb size={16} aria-hidden />
          <span className={mobile ? 'sr-only' : undefined}>Suggest</span>
        </button>
        <button
          type="button"
          className="feedback-widget-button feedback-widget-main"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          title="Share your feedback"
        >
          <MessageSquarePlus size={16} aria-hidden />
          <span className={mobile ? 'sr-only' : undefined}>Feedback</span>
        </button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <FeedbackDialog open onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
