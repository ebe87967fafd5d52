import type { PersonRef } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { useAssignees } from './get-assignees';

interface AssignDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Assign Alert" or "Assign Task". */
  title: string;
  /** What is being handed over. */
  summary: string;
  current: PersonRef | null;
  onAssign: (assignedTo: string | null) => Promise<unknown>;
}

/** Hand an alert or a task to someone (or to nobody): POST …/assign {assignedTo}. */
export function AssignDialog(props: AssignDialogProps) {
  return (
    <FormDialog open={props.open} onOpenChange={props.onOpenChange} title={props.title} size="small">
      {props.open && <AssignForm {...props} />}
    </FormDialog>
  );
}

function AssignForm({ summary, current, onAssign, onOpenChange }: AssignDialogProps) {
  const id = `${useId()}-assignee`;
  const { assignees, isPending } = useAssignees();
  const [choice, setChoice] = useState(current?.id ?? '');
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // The current assignee stays selectable even when not in this role's list (e.g. an administrator's own pick).
  const options =
    current && !assignees.some((person) => person.id === current.id)
      ? [{ id: current.id, label: `${current.firstName} ${current.lastName}` }, ...assignees]
      : assignees;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFormError(undefined);
    try {
      await onAssign(choice === '' ? null : choice);
      onOpenChange(false);
    } catch (failure) {
      const found = serverFormErrors(failure, ['assignedTo'] as const);
      setError(found.fieldErrors.assignedTo);
      setFormError(found.formError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">{summary}</p>
      <Field id={id} label="Assign to" error={error}>
        <select
          id={id}
          className="input"
          value={choice}
          disabled={isPending}
          onChange={(event) => setChoice(event.target.value)}
          {...fieldAria(id, error)}
        >
          <option value="">Nobody (unassigned)</option>
          {options.map((person) => (
            <option key={person.id} value={person.id}>
              {person.label}
            </option>
          ))}
        </select>
      </Field>
      <DialogFormFooter formError={formError} submitLabel={busy ? 'Saving...' : 'Assign'} disabled={busy} />
    </form>
  );
}
