import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { closeOnEscape } from './close-on-escape';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  /** Open while it holds the record being asked about; undefined: closed. */
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The question, naming the record: "Delete carer Amelia Hughes?". */
  readonly title: string;
  /** What happens if confirmed, and whether it can be undone. */
  readonly children: ReactNode;
  /** The confirming button says the action again ("Delete carer"), never a bare "OK". */
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  /** The safe choice, focused when it opens: "Cancel" unless staying put says it better ("Stay signed in"). */
  readonly cancelLabel?: string;
}

/**
 * Asks before a destructive action. Cancel has the focus when it opens, so Enter or a stray tap does nothing
 * harmful; the confirming button is styled as danger and closes the dialog as it runs the action.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  cancelLabel = 'Cancel',
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content dialog-small confirm-dialog"
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
          onKeyDown={closeOnEscape(onOpenChange)}
        >
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="confirm-dialog-text">{children}</div>
          </Dialog.Description>
          <div className="dialog-footer">
            <Dialog.Close ref={cancel} className="button button-secondary" type="button">
              {cancelLabel}
            </Dialog.Close>
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                onOpenChange(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
