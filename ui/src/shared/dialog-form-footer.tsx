import * as Dialog from '@radix-ui/react-dialog';

/** The end of a form in a dialog: a reason the form as a whole was refused, Cancel, and the submit button. */
export function DialogFormFooter({
  formError,
  submitLabel,
  disabled,
}: {
  formError: string | undefined;
  submitLabel: string;
  disabled: boolean;
}) {
  return (
    <>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="dialog-footer">
        <Dialog.Close className="button button-secondary" type="button">
          Cancel
        </Dialog.Close>
        <button type="submit" className="button button-primary" disabled={disabled}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
