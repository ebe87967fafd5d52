import type { PasswordResetLinkReply } from '@care/events';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { FormDialog } from '../../shared/form-dialog';
import { formatDateTime } from '../../shared/format';

interface PasswordResetLinkDialogProps {
  /** The reply of the reset just issued; undefined keeps the dialog closed. */
  reply: { link: PasswordResetLinkReply; name: string } | undefined;
  onClose: () => void;
}

/**
 * The one-time link an administrator has just issued, to pass on to the user (there is no mail server yet).
 * It exists only in this reply: it is not logged, stored or shown anywhere else, so it is gone once closed.
 */
export function PasswordResetLinkDialog({ reply, onClose }: PasswordResetLinkDialogProps) {
  return (
    <FormDialog
      open={reply !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title="Password reset link"
      size="small"
    >
      {reply && <LinkPanel key={reply.link.resetLink} {...reply} />}
    </FormDialog>
  );
}

function LinkPanel({ link, name }: { link: PasswordResetLinkReply; name: string }) {
  const id = `${useId()}-link`;
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed'>();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.resetLink);
      setCopied('yes');
    } catch {
      // No clipboard access (e.g. a plain-http address): leave the link selected for Ctrl+C.
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <div>
      <p className="muted small">
        For {name}. The link works once, valid {link.validMinutes} minutes (until {formatDateTime(link.expiresAt)}).
      </p>
      <label htmlFor={id} className="sr-only">
        Password reset link
      </label>
      <input
        id={id}
        ref={input}
        className="input mono"
        readOnly
        value={link.resetLink}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="muted small" role="status">
        {copied === 'yes' ? 'Copied.' : copied === 'failed' ? 'Copy it with Ctrl+C (the link is selected).' : ''}
      </p>
      <div className="dialog-footer">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          <Copy size={16} aria-hidden />
          Copy
        </button>
        <Dialog.Close className="button button-primary" type="button">
          Done
        </Dialog.Close>
      </div>
    </div>
  );
}
