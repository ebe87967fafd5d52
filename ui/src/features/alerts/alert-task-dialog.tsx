import { alertTaskRequestSchema, type AlertView } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { dueDateToInstant } from '../../records/tasks/task-format';
import { TaskFormFields, type TaskFormField, type TaskFormValues } from '../tasks';
import { useMakeAlertTask } from './make-alert-task';

const FIELDS = ['title', 'category', 'priority', 'dueDate', 'assignedTo'] as const satisfies readonly TaskFormField[];

/** Make a follow-up task from an alert in one step; what is left blank the server takes from the alert. */
export function AlertTaskDialog({
  alert,
  open,
  onOpenChange,
}: {
  alert: AlertView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Create Follow-up Task">
      {open && <AlertTaskForm alert={alert} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AlertTaskForm({ alert, onDone }: { alert: AlertView; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState<TaskFormValues>({
    title: '',
    description: '',
    type: 'follow_up',
    category: '',
    priority: '',
    dueDate: '',
    assignedTo: '',
  });
  const [errors, setErrors] = useState<Partial<Record<TaskFormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const make = useMakeAlertTask();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = {
      title: values.title || undefined,
      category: values.category || undefined,
      priority: values.priority || undefined,
      dueDate: dueDateToInstant(values.dueDate),
      assignedTo: values.assignedTo || undefined,
    };
    const check = alertTaskRequestSchema.safeParse(request);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await make.mutateAsync({ alert, body: request });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p className="small muted dialog-summary">
        The task links to this alert and takes its client, carer and visit. Blank fields are filled from the alert.
      </p>
      <TaskFormFields
        id={id}
        values={values}
        errors={errors}
        fields={FIELDS}
        blankLabel="From the alert"
        titlePlaceholder={`Follow up: ${alert.title}`}
        onChange={(next) => {
          setValues((current) => ({ ...current, ...next }));
          // A field's message goes once it is changed; the others stay until the next try.
          setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in next))));
        }}
      />
      <DialogFormFooter
        formError={formError}
        submitLabel={make.isPending ? 'Creating...' : 'Create Task'}
        disabled={make.isPending}
      />
    </form>
  );
}
