import { MessageSquarePlus } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { lazyNamed } from '../../shared/lazy-named';
import './feedback.css';

const FeedbackPopover = lazyNamed(() => import('./feedback-popover'), 'FeedbackPopover');
/** The form and Radix Dialog are fetched when first opened. */
export const LazyFeedbackDialog = lazyNamed(() => import('./feedback-dialog'), 'FeedbackDialog');

/**
 * The desktop header's Feedback button: a popover offers "This page works well", "I have a suggestion" (each sent at
 * once for the page in view) and "Share your feedback" (the full form). It sits in the header, so it covers nothing
 * on the page. Until the first press it is a plain button; the popover's code loads then and takes its place, open.
 */
export function FeedbackButton() {
  const [pressed, setPressed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const className = 'button button-ghost feedback-button';
  const face = (
    <>
      <MessageSquarePlus size={18} aria-hidden />
      <span className="feedback-button-label">Feedback</span>
    </>
  );
  const plain = (
    <button
      ref={trigger}
      type="button"
      className={className}
      aria-label="Feedback"
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        setPressed(true);
        setMenuOpen(true);
      }}
    >
      {face}
    </button>
  );
  return (
    <>
      {pressed ? (
        <Suspense fallback={plain}>
          <FeedbackPopover
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onShareFull={() => setFormOpen(true)}
            triggerRef={trigger}
            className={className}
          >
            {face}
          </FeedbackPopover>
        </Suspense>
      ) : (
        plain
      )}
      {formOpen && (
        <Suspense fallback={null}>
          <LazyFeedbackDialog open onOpenChange={setFormOpen} opener={trigger} />
        </Suspense>
      )}
    </>
  );
}
