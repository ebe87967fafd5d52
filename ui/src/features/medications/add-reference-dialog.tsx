import { addReferenceMedicineRequestSchema, MEDICINE_CATEGORIES, REFERENCE_MEDICINE_TYPES } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { fieldAria, Field } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { SelectOptions } from '../../shared/select-options';
import { MEDICATIONS_PATH, useMedicationCommand } from './medication-api';

const FIELDS = ['name', 'type', 'strengths', 'category'] as const;

/** Add medicine (admins, medications.reference): a new entry in the Medicine Database. */
export function AddReferenceDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Add medicine" size="normal">
      {open && <AddReferenceForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AddReferenceForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState({ name: '', type: 'Tablet', strengths: '', category: '' });
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string>();
  const add = useMedicationCommand<unknown>({
    success: 'Medicine added',
    failure: 'Failed to add the medicine',
    inForm: true,
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = addReferenceMedicineRequestSchema.safeParse({ ...values, strengths: values.strengths.split(',') });
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    try {
      await add.mutateAsync({ path: `${MEDICATIONS_PATH}/reference`, body: check.data });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };
  const set = (next: Partial<typeof values>) => setValues((old) => ({ ...old, ...next }));
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-grid">
        <Field id={`${id}-name`} label="Medicine name" required error={errors.name}>
          <input
            id={`${id}-name`}
            className="input"
            value={values.name}
            onChange={(event) => set({ name: event.target.value })}
            {...fieldAria(`${id}-name`, errors.name)}
          />
        </Field>
        <Field id={`${id}-type`} label="Type" required error={errors.type}>
          <select
            id={`${id}-type`}
            className="input"
            value={values.type}
            onChange={(event) => set({ type: event.target.value })}
          >
            <SelectOptions values={REFERENCE_MEDICINE_TYPES} label={(type) => type} />
          </select>
        </Field>
        <Field
          id={`${id}-strengths`}
          label="Strengths"
          required
          error={errors.strengths}
          hint="Separated by commas, e.g. 5mg, 10mg"
        >
          <input
            id={`${id}-strengths`}
            className="input"
            value={values.strengths}
            onChange={(event) => set({ strengths: event.target.value })}
            {...fieldAria(`${id}-strengths`, errors.strengths, true)}
          />
        </Field>
        <Field id={`${id}-category`} label="Category" required error={errors.category}>
          <select
            id={`${id}-category`}
            className="input"
            value={values.category}
            onChange={(event) => set({ category: event.target.value })}
            {...fieldAria(`${id}-category`, errors.category)}
          >
            <SelectOptions values={MEDICINE_CATEGORIES} label={(category) => category} placeholder="Select category" />
          </select>
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={add.isPending ? 'Adding...' : 'Add medicine'}
        disabled={add.isPending}
      />
    </form>
  );
}
