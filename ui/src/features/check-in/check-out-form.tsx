import {
  CLIENT_MOODS,
  checkOutRequestSchema,
  type AppointmentView,
  type CheckOutRequest,
  type ClientMood,
} from '@care/events';
import { LogOut } from 'lucide-react';
import { useId, useState } from 'react';
import { enumLabel } from '../../shared/format';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField } from '../../shared/form-errors';
import { SelectOptions } from '../../shared/select-options';
import { ClientRating } from './client-rating';
import { SignaturePad } from './signature-pad';

/** What the carer records before checking out; where and how (source, location) is added by the card. */
export type VisitOutcome = Omit<CheckOutRequest, 'source' | 'manualInputReason' | 'location' | 'checkedOutAt'>;

const FIELDS = [
  'tasksCompleted',
  'clientMood',
  'healthObservations',
  'notes',
  'signature',
  'travelTimeMinutes',
  'mileage',
  'expenses',
] as const;
type FormField = (typeof FIELDS)[number];

interface CheckOutFormProps {
  readonly visit: AppointmentView;
  readonly busy: boolean;
  readonly onSubmit: (outcome: VisitOutcome) => void;
}

/** The visit in progress: tick the tasks done, medication, mood, observations, notes, signature, travel and costs. */
export function CheckOutForm({ visit, busy, onSubmit }: CheckOutFormProps) {
  const id = useId();
  const [tasksCompleted, setTasks] = useState<string[]>([]);
  const [medicationGiven, setMedication] = useState(false);
  const [clientMood, setMood] = useState<ClientMood | ''>('');
  const [healthObservations, setObservations] = useState('');
  const [notes, setNotes] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [travelTimeMinutes, setTravel] = useState('');
  const [mileage, setMileage] = useState('');
  const [expenses, setExpenses] = useState('');
  const [clientRating, setClientRating] = useState<number | null>(null);
  // Off unless the carer ticks it: the family portal shows only the notes shared with it.
  const [shareWithFamily, setShareWithFamily] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});

  const toggleTask = (task: string, done: boolean) =>
    // Kept in the visit's own task order, whatever order they were ticked in.
    setTasks((current) => visit.tasks.filter((candidate) => (candidate === task ? done : current.includes(candidate))));

  const submit = () => {
    const outcome: VisitOutcome = {
      tasksCompleted,
      medicationGiven,
      clientMood,
      healthObservations,
      notes,
      signature,
      travelTimeMinutes,
      mileage,
      expenses,
      ...(clientRating !== null && { clientRating }),
      shareWithFamily,
    };
    // The API's own schema: the same messages before anything is sent.
    const parsed = checkOutRequestSchema.safeParse({ ...outcome, source: 'Computer' });
    const found = parsed.success ? {} : issuesByField(parsed.error, FIELDS);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(outcome);
  };

  const field = (name: FormField) => `${id}-${name}`;
  return (
    <form
      className="check-out-form"
      noValidate
      aria-label={`Check out of the visit to ${visit.client.firstName} ${visit.client.lastName}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="check-out-tasks">
        <legend className="label">
          Tasks ({tasksCompleted.length} of {visit.tasks.length} done)
        </legend>
        {visit.tasks.length === 0 && <p className="small muted">No tasks were planned for this visit.</p>}
        {visit.tasks.map((task) => (
          <label key={task} className="check-out-tick">
            <input
              type="checkbox"
              checked={tasksCompleted.includes(task)}
              onChange={(event) => toggleTask(task, event.target.checked)}
            />
            <span>{task}</span>
          </label>
        ))}
        {errors.tasksCompleted && <p className="field-error">{errors.tasksCompleted}</p>}
      </fieldset>

      <label className="check-out-tick">
        <input type="checkbox" checked={medicationGiven} onChange={(event) => setMedication(event.target.checked)} />
        <span>Medication given</span>
      </label>

      <Field id={field('clientMood')} label="Client mood" error={errors.clientMood}>
        <select
          id={field('clientMood')}
          className="input"
          value={clientMood}
          onChange={(event) => setMood(CLIENT_MOODS.find((mood) => mood === event.target.value) ?? '')}
          {...fieldAria(field('clientMood'), errors.clientMood)}
        >
          <SelectOptions values={CLIENT_MOODS} label={enumLabel} placeholder="Select mood" />
        </select>
      </Field>

      <ClientRating value={clientRating} onChange={setClientRating} />

      <Field id={field('healthObservations')} label="Health observations" error={errors.healthObservations}>
        <textarea
          id={field('healthObservations')}
          className="input"
          rows={3}
          value={healthObservations}
          onChange={(event) => setObservations(event.target.value)}
          {...fieldAria(field('healthObservations'), errors.healthObservations)}
        />
      </Field>

      <Field id={field('notes')} label="Visit notes" error={errors.notes}>
        <textarea
          id={field('notes')}
          className="input"
          rows={3}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          {...fieldAria(field('notes'), errors.notes)}
        />
      </Field>
      <label className="check-out-tick">
        <input
          type="checkbox"
          checked={shareWithFamily}
          onChange={(event) => setShareWithFamily(event.target.checked)}
        />
        <span>Share this note with the family</span>
      </label>

      <div className="field">
        <span className="label">Client signature</span>
        <SignaturePad
          label={`Signature of ${visit.client.firstName} ${visit.client.lastName}`}
          signed={signature !== null}
          onChange={setSignature}
        />
        {errors.signature && <p className="field-error">{errors.signature}</p>}
      </div>

      <div className="check-out-numbers">
        <Field id={field('travelTimeMinutes')} label="Travel time (minutes)" error={errors.travelTimeMinutes}>
          <input
            id={field('travelTimeMinutes')}
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={travelTimeMinutes}
            onChange={(event) => setTravel(event.target.value)}
            {...fieldAria(field('travelTimeMinutes'), errors.travelTimeMinutes)}
          />
        </Field>
        <Field id={field('mileage')} label="Mileage (miles)" error={errors.mileage}>
          <input
            id={field('mileage')}
            className="input"
            inputMode="decimal"
            value={mileage}
            onChange={(event) => setMileage(event.target.value)}
            {...fieldAria(field('mileage'), errors.mileage)}
          />
        </Field>
        <Field id={field('expenses')} label="Expenses (£)" error={errors.expenses}>
          <input
            id={field('expenses')}
            className="input"
            inputMode="decimal"
            value={expenses}
            onChange={(event) => setExpenses(event.target.value)}
            {...fieldAria(field('expenses'), errors.expenses)}
          />
        </Field>
      </div>

      <button type="submit" className="button button-primary check-in-button" disabled={busy}>
        <LogOut size={20} aria-hidden />
        {busy ? 'Checking out...' : 'Check Out'}
      </button>
    </form>
  );
}
