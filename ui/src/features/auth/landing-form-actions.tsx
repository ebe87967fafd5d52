import type { ReactNode } from 'react';

/**
 * The buttons under each form of the sign-in page: Cancel, and the form's own submit button, which says what it is
 * doing while the request runs. Both are disabled meanwhile, so a second press sends nothing.
 */
export function LandingFormActions({
  busy,
  onCancel,
  children,
}: {
  busy: boolean;
  onCancel: () => void;
  /** The submit button's text (its busy text while `busy`). */
  children: ReactNode;
}) {
  return (
    <div className="landing-form-actions">
      <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button-primary" disabled={busy}>
        {children}
      </button>
    </div>
  );
}
