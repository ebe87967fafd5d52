import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';

/** The accessibility settings (spec section 2.5) arrive in a later issue; the dialog already has its title. */
export function AccessibilityDialog({ onOpenChange, opener }: { onOpenChange: (open: boolean) => void; opener: RefObject<HTMLButtonElement | null> }) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {/* Opened by a plain button (no Dialog.Trigger, which would bring Radix into the first load): focus goes back to it. */}
        <Dialog.Content
          className="dialog-content dialog-small"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">Accessibility Settings</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Description className="muted">Coming soon</Dialog.Description>
          <div className="dialog-footer">
            <Dialog.Close className="button button-primary">Done</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
