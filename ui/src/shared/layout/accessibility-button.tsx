import * as Dialog from '@radix-ui/react-dialog';
import { Accessibility, X } from 'lucide-react';

/** The accessibility settings (spec section 2.5) arrive in a later issue; the button already names its dialog. */
export function AccessibilityButton() {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="button button-ghost" aria-label="Accessibility">
        <Accessibility size={18} aria-hidden />
        <span className="hide-narrow">Accessibility</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content dialog-small">
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
