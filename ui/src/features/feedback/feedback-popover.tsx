import * as Popover from '@radix-ui/react-popover';
import type { ReactNode, Ref } from 'react';
import { FeedbackChoices } from './feedback-choices';

/**
 * The header's Feedback popover (feedback-button.tsx), loaded when the button is first pressed: the popover and its
 * positioning library are not part of any screen's first load.
 */
export function FeedbackPopover(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShareFull: () => void;
  triggerRef: Ref<HTMLButtonElement>;
  className: string;
  children: ReactNode;
}) {
  return (
    <Popover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Popover.Trigger ref={props.triggerRef} className={props.className} aria-label="Feedback">
        {props.children}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="feedback-popover"
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Feedback on this page"
        >
          <p className="feedback-popover-title">Feedback on this page</p>
          <FeedbackChoices
            itemClassName="feedback-choice"
            onChosen={() => props.onOpenChange(false)}
            onShareFull={props.onShareFull}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
