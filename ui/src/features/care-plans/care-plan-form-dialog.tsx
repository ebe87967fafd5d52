import {
  createCarePlanRequestSchema,
  RISK_AREA_LABELS,
  RISK_AREAS,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  TEXT_LIMITS,
  updateCarePlanRequestSchema,
  VISIT_TYPE_TASK_LABELS,
  VISIT_TYPES,
  type CarePlanView,
  type RiskLevel,
} from '@care/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { apiSend } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { TextListInput } from '../../shared/text-list-input';
import { toast } from '../../shared/toast';
import { checkWithSchema, useCommandForm } from '../../shared/use-command-form';
import { clientsQueryOptions } from '../../records/clients/get-clients';
import { CARE_PLANS_PATH, carePlanPath, carePlanTemplatesQueryOptions, reloadCarePlans } from './care-plan-queries';
import { WithFreshPlan } from './fresh-plan';
import {
  createRequestOf,
  newPlanValues,
  planToValues,
  updateRequestOf,
  withClient,
  withTemplate,
  type PlanFormValues,
} from './plan-form-values';

const FORM_FIELDS = [
  'clientId',
  'templateId',
  'reviewDate',
  'reason',
  'title',
  'description',
  'objectives',
  'interventions',
  'goals',
  'riskAssessment',
  'allergies',
  'medicalConditions',
  'emergencyContacts',
  'visitTasks',
] as const;
type FormField = (typeof FORM_FIELDS)[number];

/** New Care Plan, or Edit / Update a plan (a new version, with the reason). */
export function CarePlanFormDialog({
  open,
  plan,
  onOpenChange,
}: {
  open: boolean;
  plan: CarePlanView | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? `Update care plan: ${plan.clientName}` : 'New Care Plan'}
    >
      {open &&
        (plan ? (
          <WithFreshPlan planId={plan.id}>
            {(fresh) => <PlanForm key={fresh.id} plan={fresh} onDone={() => onOpenChange(false)} />}
          </WithFreshPlan>
        ) : (
          <PlanForm key="new" plan={undefined} onDone={() => onOpenChange(false)} />
        ))}
    </FormDialog>
  );
}

function PlanForm({ plan, onDone }: { plan: CarePlanView | undefined; onDone: () => void }) {
  const queryClient = useQueryClient();
  const clients = useQuery({ ...clientsQueryOptions, enabled: !plan });
  const templates = useQuery({ ...carePlanTemplatesQueryOptions, enabled: !plan });
  const form = useCommandForm<PlanFormValues, unknown, FormField>({
    initial: () => (plan ? planToValues(plan) : newPlanValues()),
    fields: FORM_FIELDS,
    check: (values) => {
      const request = plan ? updateRequestOf(values) : createRequestOf(values);
      const check = checkWithSchema(
        plan ? updateCarePlanRequestSchema : createCarePlanRequestSchema,
        request,
        FORM_FIELDS,
      );
      return check.ok ? { ok: true, request } : check;
    },
    send: async (request) => {
      if (plan) await apiSend('PATCH', carePlanPath(plan.id), request, { 'If-Match': plan.revision });
      else await apiSend('POST', CARE_PLANS_PATH, request);
      await reloadCarePlans(queryClient);
      toast({
        title: plan ? 'Care plan updated' : 'Care plan created',
        description: plan ? 'A new version was saved.' : 'Version 1 was saved.',
      });
    },
    onDone,
    failureMessage: 'The care plan could not be saved. Please try again.',
  });
  const { values, fieldErrors: errors, formError, setField: set } = form;
  // Also the ids of the risk and visit-task rows, which are not fields of their own.
  const idOf = (field: string) => `${form.idPrefix}-${field}`;

  const list = (
    field: 'objectives' | 'interventions' | 'goals' | 'allergies' | 'medicalConditions',
    label: string,
    placeholder: string,
  ) => (
    <Field id={idOf(field)} label={label} error={errors[field]} wide>
      <TextListInput
        id={idOf(field)}
        listLabel={`Added ${label.toLowerCase()}`}
        placeholder={placeholder}
        value={values[field]}
        onChange={(next) => set(field, next)}
        describedBy={errors[field] ? `${idOf(field)}-error` : undefined}
      />
    </Field>
  );

  return (
    <form className="form-grid care-plan-form" onSubmit={form.submit} noValidate>
      {!plan && (
        <>
          <Field id={idOf('clientId')} label="Client" required error={errors.clientId}>
            <select
              id={idOf('clientId')}
              className="input"
              value={values.clientId}
              aria-required
              {...fieldAria(idOf('clientId'), errors.clientId)}
              onChange={(event) => {
                const client = clients.data?.find((entry) => entry.id === event.target.value);
                form.setValues(client ? withClient(values, client) : { clientId: '' });
              }}
            >
              <option value="">{clients.isPending ? 'Loading clients…' : 'Choose a client'}</option>
              {(clients.data ?? [])
                .filter((client) => client.isActive)
                .map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.firstName} {client.lastName} ({client.clientId})
                  </option>
                ))}
            </select>
          </Field>
          <Field
            id={idOf('templateId')}
            label="Start from template"
            error={errors.templateId}
            hint="Fills the title, description, objectives, interventions, goals and visit tasks"
          >
            <select
              id={idOf('templateId')}
              className="input"
              value={values.templateId}
              {...fieldAria(idOf('templateId'), errors.templateId, true)}
              onChange={(event) => {
                const template = templates.data?.find((entry) => entry.id === event.target.value);
                form.setValues(template ? withTemplate(values, template) : { templateId: '' });
              }}
            >
              <option value="">No template</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={idOf('reviewDate')} label="Review date" required error={errors.reviewDate}>
            <DateInput
              id={idOf('reviewDate')}
              className="input"
              value={values.reviewDate}
              aria-required
              {...fieldAria(idOf('reviewDate'), errors.reviewDate)}
              onChange={(event) => set('reviewDate', event.target.value)}
            />
          </Field>
        </>
      )}
      <Field id={idOf('title')} label="Title" required error={errors.title}>
        <input
          id={idOf('title')}
          className="input"
          value={values.title}
          maxLength={TEXT_LIMITS.title}
          aria-required
          {...fieldAria(idOf('title'), errors.title)}
          onChange={(event) => set('title', event.target.value)}
        />
      </Field>
      <Field id={idOf('description')} label="Description" error={errors.description} wide>
        <textarea
          id={idOf('description')}
          className="input"
          rows={3}
          maxLength={TEXT_LIMITS.notes}
          value={values.description}
          {...fieldAria(idOf('description'), errors.description)}
          onChange={(event) => set('description', event.target.value)}
        />
      </Field>
      {list('objectives', 'Objectives', 'e.g. Stay living at home safely')}
      {list('interventions', 'Interventions', 'e.g. Help with a strip wash each morning')}
      {list('goals', 'Goals', 'e.g. Dress independently by spring')}

      <fieldset className="field field-wide care-plan-fieldset">
        <legend className="label">Risk assessment</legend>
        {errors.riskAssessment && <p className="field-error">{errors.riskAssessment}</p>}
        <div className="risk-grid">
          {RISK_AREAS.map((area) => (
            <div key={area} className="risk-row">
              <label htmlFor={idOf(`risk-${area}`)} className="risk-label">
                {RISK_AREA_LABELS[area]}
              </label>
              <select
                id={idOf(`risk-${area}`)}
                className="input input-compact"
                value={values.risks[area].level}
                onChange={(event) =>
                  set('risks', {
                    ...values.risks,
                    [area]: { ...values.risks[area], level: event.target.value as RiskLevel | '' },
                  })
                }
              >
                <option value="">Not assessed</option>
                {RISK_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {RISK_LEVEL_LABELS[level]}
                  </option>
                ))}
              </select>
              <input
                className="input input-compact"
                aria-label={`${RISK_AREA_LABELS[area]} notes`}
                placeholder="Notes"
                maxLength={TEXT_LIMITS.carePlanEntry}
                value={values.risks[area].notes}
                onChange={(event) =>
                  set('risks', { ...values.risks, [area]: { ...values.risks[area], notes: event.target.value } })
                }
              />
            </div>
          ))}
        </div>
      </fieldset>

      {list('medicalConditions', 'Medical conditions', 'e.g. Type 2 diabetes')}
      {list('allergies', 'Allergies', 'e.g. Penicillin')}

      <fieldset className="field field-wide care-plan-fieldset">
        <legend className="label">Emergency contacts</legend>
        {errors.emergencyContacts && <p className="field-error">{errors.emergencyContacts}</p>}
        {values.emergencyContacts.map((contact, index) => (
          <div key={index} className="contact-row">
            {(['name', 'relationship', 'phone'] as const).map((part) => (
              <input
                key={part}
                className="input input-compact"
                aria-label={`Contact ${index + 1} ${part}`}
                placeholder={part === 'name' ? 'Name' : part === 'phone' ? 'Phone' : 'Relationship'}
                maxLength={
                  part === 'name'
                    ? TEXT_LIMITS.contactName
                    : part === 'phone'
                      ? TEXT_LIMITS.phone
                      : TEXT_LIMITS.relationship
                }
                value={contact[part]}
                onChange={(event) =>
                  set(
                    'emergencyContacts',
                    values.emergencyContacts.map((entry, at) =>
                      at === index ? { ...entry, [part]: event.target.value } : entry,
                    ),
                  )
                }
              />
            ))}
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove contact ${index + 1}`}
              onClick={() =>
                set(
                  'emergencyContacts',
                  values.emergencyContacts.filter((_, at) => at !== index),
                )
              }
            >
              <Trash2 size={16} aria-hidden />
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() =>
            set('emergencyContacts', [...values.emergencyContacts, { name: '', phone: '', relationship: '' }])
          }
        >
          <Plus size={14} aria-hidden /> Add contact
        </button>
      </fieldset>

      <fieldset className="field field-wide care-plan-fieldset">
        <legend className="label">Tasks per visit type</legend>
        <p className="field-hint">
          A visit scheduled for this client without tasks of its own gets these, on the carer's phone.
        </p>
        {errors.visitTasks && <p className="field-error">{errors.visitTasks}</p>}
        {VISIT_TYPES.map((visitType) => (
          <div key={visitType} className="visit-tasks-row">
            <label htmlFor={idOf(`tasks-${visitType}`)} className="risk-label">
              {VISIT_TYPE_TASK_LABELS[visitType]}
            </label>
            <TextListInput
              id={idOf(`tasks-${visitType}`)}
              listLabel={`${VISIT_TYPE_TASK_LABELS[visitType]} tasks`}
              placeholder="Add a task"
              value={values.visitTasks[visitType]}
              onChange={(next) => set('visitTasks', { ...values.visitTasks, [visitType]: next })}
            />
          </div>
        ))}
      </fieldset>

      {plan && (
        <Field id={idOf('reason')} label="Why it changed" required error={errors.reason} wide>
          <input
            id={idOf('reason')}
            className="input"
            value={values.reason}
            maxLength={TEXT_LIMITS.shortReason}
            aria-required
            {...fieldAria(idOf('reason'), errors.reason)}
            onChange={(event) => set('reason', event.target.value)}
          />
        </Field>
      )}
      <div className="field-wide">
        <DialogFormFooter
          formError={formError}
          submitLabel={form.pending ? 'Saving…' : plan ? 'Save new version' : 'Create Care Plan'}
          disabled={form.pending}
        />
      </div>
    </form>
  );
}
