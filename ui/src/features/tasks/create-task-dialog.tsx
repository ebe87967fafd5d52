import { createTaskRequestSchema, DEFAULT_TASK_PRIORITY } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { useCreateTask } from './create-task';
import { dueDateToInstant } from '../../records/tasks/task-format';
import { TaskFormFields, type TaskFormField, type TaskFormValues } from './task-form-fields';

const FIELDS = [
  'title',
  'description',
  'type',
  'category',
  'priority',
  'dueDate',
  'assignedTo',
] as const satisfies readonly TaskFormField[];
const EMPTY: TaskFormValues = {
  title: '',
  description: '',
  type: 'follow_up',
  category: '',
  priority: DEFAULT_TASK_PRIORITY,
  dueDate: '',
  assignedTo: '',
};

/** New Task (tasks.write): POST /api/tasks, checked with the API's own schema first. */
export function CreateTaskDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New Task">
      {open && <CreateTaskForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function CreateTaskForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TaskFormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateTask();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const request = { ...values, dueDate: dueDateToInstant(values.dueDate), assignedTo: values.assignedTo || null };
    const check = createTaskRequestSchema.safeParse(request);
    if (!check.success) {
      const found = issuesByField(check.error, FIELDS);
      setErrors(found);
      const first = FIELDS.find((name) => found[name]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await create.mutateAsync(check.data);
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <TaskFormFields
        id={id}
        values={values}
        errors={errors}
        fields={FIELDS}
        onChange={(next) => {
          setValues((current) => ({ ...current, ...next }));
          // A field's message goes once it is changed; the others stay until the next try.
          setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !(name in next))));
        }}
      />
      <DialogFormFooter
        formError={formError}
        submitLabel={create.isPending ? 'Creating...' : 'Create Task'}
        disabled={create.isPending}
      />
    </form>
  );
}
