import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { DialogFormFooter } from './dialog-form-footer';
import { FormDialog } from './form-dialog';
import { Field, fieldAria } from './form-field';
import { serverFormErrors } from './form-errors';

interface TextCommandDialogProps<F extends string> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the command is about (the alert's or task's title), above the field. */
  summary?: ReactNode;
  /** The one text the command sends: its body field, label, and whether it may be left blank. */
  field: F;
  label: string;
  required: boolean;
  /** The schema's limit (TEXT_LIMITS), so typing stops where the server would refuse. */
  maxLength: number;
  /** The API's own request schema: the same message in the browser before anything is sent. */
  schema: z.ZodType;
  submitLabel: string;
  /** Sends the command; a refusal is thrown and shown under the field or above the buttons. */
  onSubmit: (body: Record<F, string>) => Promise<unknown>;
}

/**
 * A command that needs one text: resolve with a note, reopen or cancel with a reason, complete with notes,
 * acknowledge with an optional note. Rendered only while open, so each opening starts blank.
 */
export function TextCommandDialog<F extends string>(props: TextCommandDialogProps<F>) {
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} size="small">
      {props.open && <TextCommandForm {...props} />}
    </FormDialog>
  );
}

function TextCommandForm<F extends string>({
  summary,
  field,
  label,
  required,
  maxLength,
  schema,
  submitLabel,
  onSubmit,
  onOpenChange,
}: TextCommandDialogProps<F>) {
  const id = `${useId()}-${field}`;
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { [field]: text } as Record<F, string>;
    const check = schema.safeParse(body);
    if (!check.success) {
      setError(check.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setError(undefined);
    setFormError(undefined);
    setBusy(true);
    try {
      await onSubmit(body);
      onOpenChange(false);
    } catch (failure) {
      const found = serverFormErrors(failure, [field] as const);
      setError(found.fieldErrors[field]);
      setFormError(found.formError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {summary && <p className="small muted dialog-summary">{summary}</p>}
      <Field id={id} label={label} required={required} error={error}>
        <textarea
          id={id}
          className="input"
          rows={3}
          maxLength={maxLength}
          aria-required={required || undefined}
          value={text}
          {...fieldAria(id, error)}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <DialogFormFooter formError={formError} submitLabel={busy ? 'Saving...' : submitLabel} disabled={busy} />
    </form>
  );
}
