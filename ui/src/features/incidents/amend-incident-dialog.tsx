import {
  amendIncidentRequestSchema,
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
  TEXT_LIMITS,
  type IncidentType,
  type IncidentView,
} from '@care/events';
import { DateTimeInput } from '../../shared/date-fields/date-input';
import { useId, useState, type FormEvent } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { londonInputToIso, toLondonInputValue } from '../../shared/london-time';
import { SelectOptions } from '../../shared/select-options';
import { useIncidentCommand } from './incident-command';

const FIELDS = [
  'type',
  'title',
  'description',
  'dateOccurred',
  'location',
  'witnessDetails',
  'immediateAction',
  'followUpRequired',
  'followUpNotes',
  'reason',
] as const;
type FormField = (typeof FIELDS)[number];
type TextField = 'title' | 'description' | 'location' | 'witnessDetails' | 'immediateAction' | 'followUpNotes';

/**
 * Update: correct the report, with why. Only the fields that differ are sent; the server records them as an
 * amendment and the original report stays in the timeline.
 */
export function AmendIncidentDialog({
  incident,
  open,
  onOpenChange,
}: {
  incident: IncidentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Correct Details">
      {open && <AmendForm incident={incident} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AmendForm({ incident, onDone }: { incident: IncidentView; onDone: () => void }) {
  const id = useId();
  const initial = {
    type: incident.type,
    title: incident.title,
    description: incident.description,
    dateOccurred: toLondonInputValue(incident.dateOccurred),
    location: incident.location ?? '',
    witnessDetails: incident.witnessDetails ?? '',
    immediateAction: incident.immediateAction ?? '',
    followUpRequired: incident.followUpRequired,
    followUpNotes: incident.followUpNotes ?? '',
  };
  const [values, setValues] = useState(initial);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const amend = useIncidentCommand<Record<string, unknown>>('/amend', {
    success: 'Incident updated',
    failure: 'Failed to update incident',
  });
  const fieldId = (name: FormField) => `${id}-${name}`;
  const set = (next: Partial<typeof initial>) => setValues((current) => ({ ...current, ...next }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const changed: Record<string, unknown> = {};
    for (const key of Object.keys(initial) as (keyof typeof initial)[])
      if (values[key] !== initial[key]) changed[key] = values[key];
    if (changed.dateOccurred !== undefined) changed.dateOccurred = londonInputToIso(values.dateOccurred);
    const body = { ...changed, reason };
    const check = amendIncidentRequestSchema.safeParse(body);
    if (!check.success) {
      setErrors(issuesByField(check.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      await amend.mutateAsync({ incident, body });
      onDone();
    } catch (failure) {
      const found = serverFormErrors(failure, FIELDS);
      setErrors(found.fieldErrors);
      setFormError(found.formError);
    }
  };

  const text = (name: TextField, label: string, rows = 0) => (
    <Field id={fieldId(name)} label={label} error={errors[name]} wide={rows > 0 || name === 'title'}>
      {rows > 0 ? (
        <textarea
          id={fieldId(name)}
          className="input"
          rows={rows}
          maxLength={name === 'description' ? TEXT_LIMITS.diaryContent : TEXT_LIMITS.notes}
          value={values[name]}
          onChange={(event) => set({ [name]: event.target.value })}
          {...fieldAria(fieldId(name), errors[name])}
        />
      ) : (
        <input
          id={fieldId(name)}
          className="input"
          maxLength={name === 'title' ? TEXT_LIMITS.title : TEXT_LIMITS.locationAddress}
          value={values[name]}
          onChange={(event) => set({ [name]: event.target.value })}
          {...fieldAria(fieldId(name), errors[name])}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <div className="form-grid">
        <Field id={fieldId('type')} label="Type" error={errors.type}>
          <select
            id={fieldId('type')}
            className="input"
            value={values.type}
            onChange={(event) => set({ type: event.target.value as IncidentType })}
          >
            <SelectOptions values={INCIDENT_TYPES} label={(type) => INCIDENT_TYPE_LABELS[type]} />
          </select>
        </Field>
        <Field id={fieldId('dateOccurred')} label="Date and time occurred" error={errors.dateOccurred}>
          <DateTimeInput
            id={fieldId('dateOccurred')}
            className="input"
            value={values.dateOccurred}
            onChange={(event) => set({ dateOccurred: event.target.value })}
            {...fieldAria(fieldId('dateOccurred'), errors.dateOccurred)}
          />
        </Field>
        {text('title', 'Title')}
        {text('description', 'Description', 4)}
        {text('location', 'Location')}
        {text('witnessDetails', 'Witness details', 2)}
        {text('immediateAction', 'Immediate action taken', 2)}
        <div className="field field-wide">
          <label className="check-option">
            <input
              type="checkbox"
              checked={values.followUpRequired}
              onChange={(event) => set({ followUpRequired: event.target.checked })}
            />
            Follow-up required
          </label>
        </div>
        {values.followUpRequired && text('followUpNotes', 'Follow-up notes', 2)}
        <Field id={fieldId('reason')} label="Reason for the correction" required error={errors.reason} wide>
          <textarea
            id={fieldId('reason')}
            className="input"
            rows={2}
            maxLength={TEXT_LIMITS.shortReason}
            aria-required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...fieldAria(fieldId('reason'), errors.reason)}
          />
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={amend.isPending ? 'Saving...' : 'Save Correction'}
        disabled={amend.isPending}
      />
    </form>
  );
}
