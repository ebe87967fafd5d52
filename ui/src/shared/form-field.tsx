import type { ReactNode } from 'react';

/** A labelled form control with its error message underneath (the id links label, control and message). */
export function Field(props: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${props.wide ? ' field-wide' : ''}`}>
      {/* The asterisk stays outside the label so the field's accessible name is exactly its label. */}
      <span className="label-row">
        <label htmlFor={props.id} className="label">
          {props.label}
        </label>
        {props.required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {props.children}
      {props.hint && !props.error && (
        <p id={`${props.id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} className="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** aria props for a control inside <Field>: invalid state and the message (or hint) that describes it. */
export function fieldAria(id: string, error: string | undefined, hasHint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}
