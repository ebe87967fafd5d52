import {
  allergiesMatching,
  interactionsWith,
  MEDICINE_FORMS,
  MEDICINE_ROUTES,
  prescribeRequestSchema,
  SUPPORT_LEVELS,
  type ReferenceMedicine,
  type ReferenceMedicineView,
} from '@care/events';
import { useMemo } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { fieldAria, Field } from '../../shared/form-field';
import { enumLabel } from '../../shared/format';
import { SelectOptions } from '../../shared/select-options';
import { DateInput } from '../../shared/date-fields/date-input';
import { MEDICATIONS_PATH, useClientMedications, useClientOptions, useMedicationCommand } from './medication-api';
import { InteractionNotice } from './interaction-notice';
import { checkWithSchema, useCommandForm } from '../../shared/use-command-form';

const FIELDS = [
  'clientId',
  'name',
  'strength',
  'form',
  'route',
  'dosage',
  'frequency',
  'doseTimes',
  'prescribedBy',
  'startDate',
  'endDate',
  'reviewDate',
  'instructions',
  'sideEffects',
  'allergyOverrideReason',
  'prn',
  'covert',
] as const;
type FieldName = (typeof FIELDS)[number];

const TYPE_TO_FORM: Record<ReferenceMedicine['type'], (typeof MEDICINE_FORMS)[number]> = {
  Tablet: 'tablet',
  Capsule: 'capsule',
  Inhaler: 'inhaler',
  Injection: 'injection',
};
const TYPE_TO_ROUTE: Record<ReferenceMedicine['type'], (typeof MEDICINE_ROUTES)[number]> = {
  Tablet: 'oral',
  Capsule: 'oral',
  Inhaler: 'inhaled',
  Injection: 'subcutaneous',
};
const SUPPORT_LABELS = {
  administer: 'Administer (the carer gives it)',
  prompt: 'Prompt (remind the client)',
  self: 'Self-administered (note it was taken)',
} as const;

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/** Add to Client / New prescription (medications.prescribe): POST /api/medications, checked with the API's schema first. */
export function PrescribeDialog({
  open,
  onOpenChange,
  medicine,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  medicine: ReferenceMedicineView | null;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={medicine ? `Add ${medicine.name} to a client` : 'New prescription'}
    >
      {open && <PrescribeForm medicine={medicine} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function PrescribeForm({ medicine, onDone }: { medicine: ReferenceMedicineView | null; onDone: () => void }) {
  const type = (medicine?.type ?? 'Tablet') as ReferenceMedicine['type'];
  const clients = useClientOptions();
  const prescribe = useMedicationCommand<unknown>({
    success: 'Medication prescribed',
    failure: 'Failed to prescribe',
    inForm: true,
  });
  const form = useCommandForm({
    initial: () => ({
      clientId: '',
      name: medicine?.name ?? '',
      strength: medicine?.strengths[0] ?? '',
      form: TYPE_TO_FORM[type] ?? 'tablet',
      route: TYPE_TO_ROUTE[type] ?? 'oral',
      dosage: medicine && (type === 'Tablet' || type === 'Capsule') ? `1 ${type.toLowerCase()}` : '',
      frequency: 'Once daily',
      doseTimes: '08:00',
      timeCritical: medicine?.timeCritical ?? false,
      controlledDrug: medicine?.controlledDrug ?? false,
      witnessRequired: medicine?.controlledDrug ?? false,
      supportLevel: 'administer' as (typeof SUPPORT_LEVELS)[number],
      prescribedBy: '',
      startDate: today(),
      endDate: '',
      instructions: '',
      prnOn: false,
      prnReason: '',
      prnDose: '',
      prnInterval: '240',
      prnMax: '4',
      prnSigns: '',
      prnTryFirst: '',
      prnOrder: '',
      prnContactWhen: '',
      covertOn: false,
      capacityAssessment: '',
      bestInterestsDecision: '',
      covertPlan: '',
      reviewDate: '',
      sideEffects: '',
      allergyOverrideReason: '',
    }),
    fields: FIELDS,
    // The request the API takes, checked with its own schema; the parsed request is what is sent.
    check: (values) => {
      const request = {
        clientId: values.clientId,
        name: values.name,
        strength: values.strength,
        form: values.form,
        route: values.route,
        dosage: values.dosage,
        frequency: values.frequency,
        doseTimes: values.doseTimes.split(/[,\s]+/).filter(Boolean),
        timeCritical: values.timeCritical,
        controlledDrug: values.controlledDrug,
        witnessRequired: values.witnessRequired,
        supportLevel: values.supportLevel,
        prescribedBy: values.prescribedBy,
        startDate: values.startDate,
        endDate: values.endDate,
        reviewDate: values.reviewDate,
        instructions: values.instructions,
        sideEffects: values.sideEffects,
        prn: values.prnOn
          ? {
              reason: values.prnReason,
              dose: values.prnDose,
              minIntervalMinutes: values.prnInterval,
              maxDosesIn24h: values.prnMax,
              signsToLookFor: values.prnSigns,
              tryFirst: values.prnTryFirst,
              order: values.prnOrder,
              contactPrescriberWhen: values.prnContactWhen,
            }
          : null,
        covert: values.covertOn
          ? {
              capacityAssessment: values.capacityAssessment,
              bestInterestsDecision: values.bestInterestsDecision,
              plan: values.covertPlan,
            }
          : null,
        allergyOverrideReason: values.allergyOverrideReason,
      };
      return checkWithSchema(prescribeRequestSchema, request, FIELDS);
    },
    send: (body) => prescribe.mutateAsync({ path: MEDICATIONS_PATH, body }),
    onDone,
  });
  const { values, fieldErrors: errors, formError } = form;
  const id = form.idPrefix;
  const set = form.setValues;
  const client = clients.data?.find((option) => option.id === values.clientId);
  const current = useClientMedications(values.clientId);
  const allergies = useMemo(
    () => (client && values.name ? allergiesMatching(values.name, client.allergies) : []),
    [client, values.name],
  );
  const interactions = useMemo(
    () =>
      values.name
        ? interactionsWith(
            values.name,
            (current.data ?? []).map((m) => m.name),
          )
        : [],
    [values.name, current.data],
  );

  const input = (
    name: Exclude<keyof typeof values, 'timeCritical' | 'controlledDrug' | 'witnessRequired' | 'prnOn' | 'covertOn'>,
    label: string,
    options: { required?: boolean; type?: string; hint?: string; wide?: boolean } = {},
  ) => (
    <Field
      id={`${id}-${name}`}
      label={label}
      required={options.required}
      error={errors[name as FieldName]}
      hint={options.hint}
      wide={options.wide}
    >
      <input
        id={`${id}-${name}`}
        className="input"
        type={options.type ?? 'text'}
        value={String(values[name])}
        onChange={(event) => set({ [name]: event.target.value })}
        {...fieldAria(`${id}-${name}`, errors[name as FieldName], options.hint !== undefined)}
      />
    </Field>
  );
  const dateInput = (name: 'startDate' | 'endDate' | 'reviewDate', label: string, required = false) => (
    <Field id={`${id}-${name}`} label={label} required={required} error={errors[name]}>
      <DateInput
        id={`${id}-${name}`}
        className="input"
        value={values[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        {...fieldAria(`${id}-${name}`, errors[name])}
      />
    </Field>
  );
  const check = (name: 'timeCritical' | 'controlledDrug' | 'witnessRequired' | 'prnOn' | 'covertOn', label: string) => (
    <label className="field-checkbox">
      <input type="checkbox" checked={values[name]} onChange={(event) => set({ [name]: event.target.checked })} />
      {label}
    </label>
  );

  return (
    <form noValidate onSubmit={form.submit} className="prescribe-form">
      <div className="form-grid">
        <Field id={`${id}-clientId`} label="Client" required error={errors.clientId} wide>
          <select
            id={`${id}-clientId`}
            className="input"
            value={values.clientId}
            onChange={(event) => set({ clientId: event.target.value })}
            {...fieldAria(`${id}-clientId`, errors.clientId)}
          >
            <option value="">Select client</option>
            {(clients.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.firstName} {option.lastName}
              </option>
            ))}
          </select>
        </Field>
        {client && (
          <p className="field-wide allergy-line" data-testid="client-allergies">
            <strong>Allergies:</strong> {client.allergies.length > 0 ? client.allergies.join(', ') : 'None recorded'}
          </p>
        )}
        {input('name', 'Medication name', { required: true })}
        <Field id={`${id}-strength`} label="Strength" error={errors.strength}>
          {medicine ? (
            <select
              id={`${id}-strength`}
              className="input"
              value={values.strength}
              onChange={(event) => set({ strength: event.target.value })}
            >
              {medicine.strengths.map((strength) => (
                <option key={strength}>{strength}</option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-strength`}
              className="input"
              value={values.strength}
              onChange={(event) => set({ strength: event.target.value })}
            />
          )}
        </Field>
        <Field id={`${id}-form`} label="Form" error={errors.form}>
          <select
            id={`${id}-form`}
            className="input"
            value={values.form}
            onChange={(event) => set({ form: event.target.value as typeof values.form })}
          >
            <SelectOptions values={MEDICINE_FORMS} label={enumLabel} />
          </select>
        </Field>
        <Field id={`${id}-route`} label="Route" error={errors.route}>
          <select
            id={`${id}-route`}
            className="input"
            value={values.route}
            onChange={(event) => set({ route: event.target.value as typeof values.route })}
          >
            <SelectOptions values={MEDICINE_ROUTES} label={enumLabel} />
          </select>
        </Field>
        {input('dosage', 'Dosage', { required: true, hint: 'Per dose, e.g. 1 tablet' })}
        {input('frequency', 'Frequency', { required: true })}
        {input('doseTimes', 'Dose times', { hint: '24-hour London times, e.g. 08:00, 20:00 (blank for PRN only)' })}
        <Field id={`${id}-supportLevel`} label="Support" error={undefined}>
          <select
            id={`${id}-supportLevel`}
            className="input"
            value={values.supportLevel}
            onChange={(event) => set({ supportLevel: event.target.value as typeof values.supportLevel })}
          >
            <SelectOptions values={SUPPORT_LEVELS} label={(level) => SUPPORT_LABELS[level]} />
          </select>
        </Field>
        {input('prescribedBy', 'Prescribed by', { required: true })}
        {dateInput('startDate', 'Start date', true)}
        {dateInput('endDate', 'End date')}
        {dateInput('reviewDate', 'Review date')}
        {input('instructions', 'Instructions', { wide: true })}
        {input('sideEffects', 'Side effects to watch for', { wide: true })}
        <div className="field-wide check-row">
          {check('timeCritical', 'Time-critical')}
          {check('controlledDrug', 'Controlled drug')}
          {check('witnessRequired', 'Second person witnesses each dose')}
          {check('prnOn', 'When required (PRN)')}
          {check('covertOn', 'Given covertly (hidden in food or drink)')}
        </div>
        {values.prnOn && (
          <>
            {input('prnReason', 'PRN: reason to give', { required: true })}
            {input('prnDose', 'PRN: dose', { required: true })}
            {input('prnInterval', 'PRN: minimum minutes between doses', { type: 'number' })}
            {input('prnMax', 'PRN: most doses in 24 hours', { type: 'number' })}
            {input('prnSigns', 'PRN: signs to look for', {
              hint: 'How the client shows they need it, e.g. rubbing the knee',
            })}
            {input('prnTryFirst', 'PRN: try first', { hint: 'What to try before giving it' })}
            {input('prnOrder', 'PRN: order with other PRN medicines')}
            {input('prnContactWhen', 'PRN: contact the prescriber when')}
            {errors.prn && <p className="field-error field-wide">{errors.prn}</p>}
          </>
        )}
        {values.covertOn && (
          <>
            <p className="field-wide small muted">
              Covert administration needs a mental capacity assessment and a best-interests decision (NICE NG67), with
              the pharmacist's advice in the plan.
            </p>
            {input('capacityAssessment', 'Capacity assessment', {
              required: true,
              wide: true,
              hint: 'Who assessed, when, and the outcome',
            })}
            {input('bestInterestsDecision', 'Best-interests decision', {
              required: true,
              wide: true,
              hint: 'Who took part and what was decided',
            })}
            {input('covertPlan', 'Covert administration plan', {
              required: true,
              wide: true,
              hint: 'How it is given, with the pharmacist’s advice',
            })}
            {errors.covert && <p className="field-error field-wide">{errors.covert}</p>}
          </>
        )}
        {(allergies.length > 0 || errors.allergyOverrideReason) && (
          <div className="field-wide allergy-warning" role="alert">
            <p>
              <strong>Allergy:</strong> {client?.firstName} {client?.lastName} is recorded as allergic to{' '}
              {allergies.join(', ') || 'this medicine'}. Give a reason to prescribe it anyway.
            </p>
            {input('allergyOverrideReason', 'Reason to prescribe despite the allergy', { required: true, wide: true })}
          </div>
        )}
        {interactions.length > 0 && (
          <div className="field-wide">
            <InteractionNotice interactions={interactions} />
          </div>
        )}
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={form.pending ? 'Saving...' : 'Prescribe'}
        disabled={form.pending}
      />
    </form>
  );
}
