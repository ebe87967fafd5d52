import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

/** The accessibility settings (spec section 2.5) arrive in a later issue; the dialog already has its title. */
export function AccessibilityDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
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
