import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { closeOnEscape } from './close-on-escape';

const SIZE_CLASS = { normal: '', wide: ' dialog-wide', small: ' dialog-small' } as const;

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  size?: keyof typeof SIZE_CLASS;
  /** Rendered only while open (Radix unmounts a closed dialog), so a form inside starts afresh each opening. */
  children: ReactNode;
  /**
   * Where focus goes when the dialog closes, for a dialog opened from something that is gone by then (a menu's
   * item): without it, focus goes back to whatever had it when the dialog opened.
   */
  opener?: RefObject<HTMLElement | null>;
}

/** The app's modal: overlay, a titled header with a Close button, Escape to close, and the content. */
export function FormDialog({ open, onOpenChange, title, size = 'wide', children, opener }: FormDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog-content${SIZE_CLASS[size]}`}
          aria-describedby={undefined}
          onKeyDown={closeOnEscape(onOpenChange)}
          onCloseAutoFocus={
            opener
              ? (event) => {
                  event.preventDefault();
                  opener.current?.focus();
                }
              : undefined
          }
        >
          <div className="dialog-header">
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <X size={18} aria-hidden />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
