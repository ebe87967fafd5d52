/** Like DialogFormFooter, but Back returns to the list (the dialog stays open) instead of closing it. */
export function BackableFooter({
  formError,
  submitLabel,
  busy,
  onCancel,
}: {
  formError: string | undefined;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="dialog-footer">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Back
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
