import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { z } from 'zod';
import { issuesByField, serverFormErrors } from './form-errors';

/** A message per field; a field without a message is valid (or not yet checked). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** What a form's own check makes of its values: the request to send, or the messages to show under the fields. */
export type FormCheck<R, F extends string> = { ok: true; request: R } | { ok: false; errors: FieldErrors<F> };

/** The request checked with the API's own schema, so the browser shows the server's message before sending. */
export function checkWithSchema<S extends z.ZodType, F extends string>(
  schema: S,
  request: unknown,
  fields: readonly F[],
): FormCheck<z.output<S>, F> {
  const parsed = schema.safeParse(request);
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, errors: issuesByField(parsed.error, fields) };
}

export interface CommandFormState<V, F extends string> {
  readonly values: V;
  readonly fieldErrors: FieldErrors<F>;
  /** A refusal that belongs to no field on screen, shown above the buttons. */
  readonly formError: string | undefined;
  /** A request is on its way: the submit button is disabled and a second submit is ignored. */
  readonly pending: boolean;
}

export interface CommandFormSubmit<V, R, F extends string> {
  /** The form's fields in screen order: server messages for them go under them, and focus goes to the first in error. */
  readonly fields: readonly F[];
  readonly check: (values: V) => FormCheck<R, F>;
  /** Sends the command (its mutation shows the toast and reloads the lists); a refusal is thrown. */
  readonly send: (request: R) => Promise<unknown>;
  /** After the command was accepted, usually closing the dialog. */
  readonly onDone: () => void;
  /** Moves focus to a field's control, so a keyboard or screen-reader user lands on the message. */
  readonly focus: (field: F) => void;
  /** Shown above the buttons when a failure carries no reason of its own (e.g. the network dropped). */
  readonly failureMessage?: string | undefined;
  /** Where a refusal's messages go, for a form whose fields are named differently from the API's. */
  readonly serverErrors?: (failure: unknown) => { fieldErrors: FieldErrors<F>; formError: string | undefined };
}

/**
 * The state of one command form, kept outside React so its rules can be tested on their own: values, messages,
 * and a single submission at a time.
 */
export class CommandForm<V extends object, F extends string> {
  private state: CommandFormState<V, F>;
  private readonly listeners = new Set<() => void>();
  // Set at once on submit, before React has drawn the disabled button: a quick second click sees it.
  private inFlight = false;

  constructor(initial: V) {
    this.state = { values: initial, fieldErrors: {}, formError: undefined, pending: false };
  }

  readonly getState = (): CommandFormState<V, F> => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(next: Partial<CommandFormState<V, F>>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** New values for some fields; a changed field's message goes, the others stay until the next submit. */
  setValues(next: Partial<V>): void {
    const changed = new Set<string>(Object.keys(next));
    const fieldErrors = Object.fromEntries(
      Object.entries(this.state.fieldErrors).filter(([field]) => !changed.has(field)),
    ) as FieldErrors<F>;
    this.update({ values: { ...this.state.values, ...next }, fieldErrors });
  }

  setField<K extends keyof V>(field: K, value: V[K]): void {
    this.setValues({ [field]: value } as unknown as Partial<V>);
  }

  /** Puts messages on fields the form checks itself outside the submit (e.g. a step before the request). */
  showErrors(fieldErrors: FieldErrors<F>, focus?: (field: F) => void, fields?: readonly F[]): void {
    this.update({ fieldErrors });
    if (focus && fields) focusFirst(fieldErrors, fields, focus);
  }

  /** Checks, sends once, and places a refusal's messages; a submit while one is on its way does nothing. */
  async submit<R>(options: CommandFormSubmit<V, R, F>): Promise<void> {
    if (this.inFlight) return;
    const check = options.check(this.state.values);
    if (!check.ok) {
      this.update({ fieldErrors: check.errors });
      focusFirst(check.errors, options.fields, options.focus);
      return;
    }
    this.inFlight = true;
    this.update({ fieldErrors: {}, formError: undefined, pending: true });
    try {
      await options.send(check.request);
      this.inFlight = false;
      this.update({ pending: false });
      options.onDone();
    } catch (failure) {
      const { fieldErrors, formError } = options.serverErrors
        ? options.serverErrors(failure)
        : serverFormErrors(failure, options.fields);
      const placed = Object.keys(fieldErrors).length > 0;
      this.inFlight = false;
      this.update({
        fieldErrors,
        formError: formError ?? (placed ? undefined : options.failureMessage),
        pending: false,
      });
      focusFirst(fieldErrors, options.fields, options.focus);
    }
  }
}

function focusFirst<F extends string>(errors: FieldErrors<F>, fields: readonly F[], focus: (field: F) => void): void {
  const first = fields.find((field) => errors[field]);
  if (first) focus(first);
}

export interface CommandFormOptions<V, R, F extends string> extends Omit<CommandFormSubmit<V, R, F>, 'focus'> {
  /** The values the form opens with (read once, when the form mounts). */
  readonly initial: V | (() => V);
  /** The element to focus for a field, when it is not the field's own id (e.g. the first of a group of boxes). */
  readonly focusId?: (field: F, id: string) => string;
}

/**
 * One command dialog's form: values, the messages under the fields and above the buttons, the pending flag, and
 * submit (check in the browser, send, close on success). Each field's id is `idOf(field)`, which ties the label, the
 * control and its message together and is where focus goes after a refusal.
 */
export function useCommandForm<V extends object, R, F extends string>(options: CommandFormOptions<V, R, F>) {
  const prefix = useId();
  const [form] = useState(
    () =>
      new CommandForm<V, F>(typeof options.initial === 'function' ? (options.initial as () => V)() : options.initial),
  );
  const state = useSyncExternalStore(form.subscribe, form.getState);
  const idOf = (field: F | (keyof V & string)) => `${prefix}-${field}`;
  const focus = (field: F) =>
    document.getElementById(options.focusId ? options.focusId(field, idOf(field)) : idOf(field))?.focus();
  return {
    ...state,
    /** The start every field's id shares (`${idPrefix}-${field}`), for controls built from a name. */
    idPrefix: prefix,
    idOf,
    setField: <K extends keyof V>(field: K, value: V[K]) => form.setField(field, value),
    setValues: (next: Partial<V>) => form.setValues(next),
    showErrors: (fieldErrors: FieldErrors<F>) => form.showErrors(fieldErrors, focus, options.fields),
    submit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void form.submit({ ...options, focus });
    },
  };
}
