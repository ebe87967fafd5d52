import {
  CARE_LEVELS,
  COGNITIVE_LEVELS,
  MOBILITY_LEVELS,
  type ClientView,
  type CreateClientRequest,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { Field, fieldAria } from '../../shared/form-field';
import { SelectOptions } from '../../shared/select-options';
import { TextListInput } from '../../shared/text-list-input';
import { carersToOffer } from './carer-choices';
import { PreferredCarersInput } from './preferred-carers-input';
import {
  checkClientForm,
  CLIENT_FORM_FIELDS,
  clientToFormValues,
  EMPTY_CLIENT_FORM,
  type ClientFormField,
  type ClientFormValues,
} from './client-form';
import { useCreateClient } from './create-client';
import { carerChoicesQueryOptions } from './get-carer-choices';
import { useUpdateClient } from './update-client';
import { FormDialog } from '../../shared/form-dialog';
import { capitalize } from '../../shared/format';
import { DateInput } from '../../shared/date-fields/date-input';
import { useCommandForm } from '../../shared/use-command-form';

interface ClientFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The client being edited; absent for "Add Client". */
  client?: ClientView | undefined;
}

export function ClientFormDialog({ open, onOpenChange, client }: ClientFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title={client ? 'Edit Client' : 'Add Client'}>
      {/* Mounted per opening, so the form starts from the client (or blank) every time. */}
      <ClientForm key={client?.id ?? 'new'} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type TextField = Exclude<
  ClientFormField,
  'medicalConditions' | 'medications' | 'allergies' | 'preferredCarers' | 'isActive'
>;
type ListField = 'medicalConditions' | 'medications' | 'allergies';

function ClientForm({ client, onDone }: { client: ClientView | undefined; onDone: () => void }) {
  const carers = useQuery(carerChoicesQueryOptions);
  const create = useCreateClient();
  const update = useUpdateClient();
  const form = useCommandForm({
    initial: () => (client ? clientToFormValues(client) : EMPTY_CLIENT_FORM),
    fields: CLIENT_FORM_FIELDS,
    check: checkClientForm,
    send: (request: CreateClientRequest) =>
      client ? update.mutateAsync({ id: client.id, revision: client.revision, request }) : create.mutateAsync(request),
    onDone,
  });
  const { values, fieldErrors: errors, idOf } = form;
  const set = form.setField;
  const offered = carersToOffer(carers.data ?? [], client);

  /** Common props of a text-like control bound to a form field. */
  const bind = (field: TextField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    ...fieldAria(idOf(field), errors[field]),
    onChange: (event: { target: { value: string } }) =>
      set(field, event.target.value as ClientFormValues[typeof field]),
  });
  const list = (field: ListField, listLabel: string, placeholder: string) => (
    <TextListInput
      id={idOf(field)}
      listLabel={listLabel}
      placeholder={placeholder}
      value={values[field]}
      onChange={(next) => set(field, next)}
      describedBy={errors[field] ? `${idOf(field)}-error` : undefined}
    />
  );

  return (
    <form className="client-form" noValidate onSubmit={form.submit}>
      <div className="form-grid">
        <h3 className="client-form-section field-wide">Personal details</h3>
        <Field id={idOf('clientId')} label="Client ID" required error={errors.clientId}>
          <input className="input" autoComplete="off" placeholder="e.g. CL-0001" aria-required {...bind('clientId')} />
        </Field>
        <Field id={idOf('careLevel')} label="Care level" required error={errors.careLevel}>
          <select className="input" aria-required {...bind('careLevel')}>
            <SelectOptions values={CARE_LEVELS} label={capitalize} />
          </select>
        </Field>
        <Field id={idOf('firstName')} label="First name" required error={errors.firstName}>
          <input className="input" autoComplete="off" aria-required {...bind('firstName')} />
        </Field>
        <Field id={idOf('lastName')} label="Last name" required error={errors.lastName}>
          <input className="input" autoComplete="off" aria-required {...bind('lastName')} />
        </Field>
        <Field id={idOf('dateOfBirth')} label="Date of birth" required error={errors.dateOfBirth}>
          <DateInput className="input" aria-required {...bind('dateOfBirth')} />
        </Field>
        <Field id={idOf('phoneNumber')} label="Phone number" error={errors.phoneNumber}>
          <input className="input" type="tel" autoComplete="off" {...bind('phoneNumber')} />
        </Field>
        <Field id={idOf('address')} label="Address" required error={errors.address} wide>
          <textarea className="input" rows={2} aria-required {...bind('address')} />
        </Field>
        <Field id={idOf('postcode')} label="Postcode" error={errors.postcode}>
          <input className="input" autoComplete="off" {...bind('postcode')} />
        </Field>
        <Field
          id={idOf('latitude')}
          label="Latitude"
          error={errors.latitude}
          hint="Optional: without it, travel is measured from where carers check in"
        >
          <input className="input" inputMode="decimal" autoComplete="off" {...bind('latitude')} />
        </Field>
        <Field id={idOf('longitude')} label="Longitude" error={errors.longitude}>
          <input className="input" inputMode="decimal" autoComplete="off" {...bind('longitude')} />
        </Field>
        <Field id={idOf('emergencyContact')} label="Emergency contact" required error={errors.emergencyContact}>
          <input className="input" autoComplete="off" aria-required {...bind('emergencyContact')} />
        </Field>
        <Field id={idOf('emergencyPhone')} label="Emergency phone" required error={errors.emergencyPhone}>
          <input className="input" type="tel" autoComplete="off" aria-required {...bind('emergencyPhone')} />
        </Field>

        <h3 className="client-form-section field-wide">Health</h3>
        <Field id={idOf('mobilityLevel')} label="Mobility level" error={errors.mobilityLevel}>
          <select className="input" {...bind('mobilityLevel')}>
            <SelectOptions values={MOBILITY_LEVELS} label={capitalize} placeholder="Select mobility level" />
          </select>
        </Field>
        <Field id={idOf('cognitiveLevel')} label="Cognitive level" error={errors.cognitiveLevel}>
          <select className="input" {...bind('cognitiveLevel')}>
            <SelectOptions values={COGNITIVE_LEVELS} label={capitalize} placeholder="Select cognitive level" />
          </select>
        </Field>
        <Field id={idOf('medicalConditions')} label="Medical conditions" error={errors.medicalConditions} wide>
          {list('medicalConditions', 'Added medical condition list', 'e.g. Type 2 diabetes')}
        </Field>
        <Field id={idOf('medications')} label="Medications" error={errors.medications} wide>
          {list('medications', 'Added medication list', 'e.g. Metformin 500 mg twice daily')}
        </Field>
        <Field id={idOf('allergies')} label="Allergies" error={errors.allergies} wide>
          {list('allergies', 'Added allergy list', 'e.g. Penicillin')}
        </Field>
        <Field
          id={idOf('gpPractice')}
          label="GP practice"
          error={errors.gpPractice}
          hint="Name and address, for the MAR chart"
        >
          <input className="input" autoComplete="off" {...bind('gpPractice')} />
        </Field>
        <Field id={idOf('gpPhone')} label="GP phone" error={errors.gpPhone}>
          <input className="input" type="tel" autoComplete="off" {...bind('gpPhone')} />
        </Field>

        <h3 className="client-form-section field-wide">Care team and plan</h3>
        <Field
          id={idOf('keyworkerCarerId')}
          label="Keyworker"
          error={errors.keyworkerCarerId}
          hint={carers.isError ? 'Could not load the carers list.' : undefined}
        >
          <select className="input" {...bind('keyworkerCarerId')}>
            <option value="">No keyworker</option>
            {offered.map((carer) => (
              <option key={carer.id} value={carer.id}>
                {carer.label}
              </option>
            ))}
          </select>
        </Field>
        <div className="field field-checkbox">
          <input
            id={idOf('isActive')}
            type="checkbox"
            checked={values.isActive}
            onChange={(event) => set('isActive', event.target.checked)}
          />
          <label htmlFor={idOf('isActive')} className="label">
            Active
          </label>
        </div>
        <PreferredCarersInput
          id={idOf('preferredCarers')}
          carers={offered}
          loading={carers.isPending}
          value={values.preferredCarers}
          onChange={(next) => set('preferredCarers', next)}
          error={errors.preferredCarers}
        />
        <Field id={idOf('riskAssessment')} label="Risk assessment" error={errors.riskAssessment} wide>
          <textarea className="input" rows={3} {...bind('riskAssessment')} />
        </Field>
        <Field id={idOf('careInstructions')} label="Care instructions" error={errors.careInstructions} wide>
          <textarea className="input" rows={3} {...bind('careInstructions')} />
        </Field>
      </div>
      <DialogFormFooter
        formError={form.formError}
        submitLabel={client ? 'Update Client' : 'Save Client'}
        disabled={form.pending}
      />
    </form>
  );
}
