import {
  can,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TYPES,
  INCIDENT_TYPE_LABELS,
  reportIncidentRequestSchema,
  TEXT_LIMITS,
  type IncidentSeverity,
  type IncidentType,
} from '@care/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTimeInput } from '../../shared/date-fields/date-input';
import { apiSend } from '../../shared/api';
import { sendRecord } from '../../shared/offline/outbox-sync';
import { toastSavedOnPhone } from '../../shared/offline/use-outbox';
import { useCurrentUser } from '../../shared/current-user';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { londonInputToIso, toLondonInputValue } from '../../shared/london-time';
import { SelectOptions } from '../../shared/select-options';
import { toast } from '../../shared/toast';
import { checkWithSchema, useCommandForm } from '../../shared/use-command-form';
import { INCIDENTS_PATH, reloadIncidents } from './get-incidents';
import { useCarerChoices, useClientChoices } from './get-people';
import type { CommandReply } from './incident-command';

const FIELDS = [
  'type',
  'severity',
  'title',
  'description',
  'dateOccurred',
  'location',
  'clientId',
  'carerId',
  'witnessDetails',
  'immediateAction',
  'followUpRequired',
  'followUpNotes',
  'appointmentId',
] as const;
type FormField = (typeof FIELDS)[number];

interface Values {
  type: IncidentType | '';
  severity: IncidentSeverity | '';
  title: string;
  description: string;
  dateOccurred: string;
  location: string;
  clientId: string;
  carerId: string;
  witnessDetails: string;
  immediateAction: string;
  followUpRequired: boolean;
  followUpNotes: string;
}

/** The visit a carer reports from: it names the client and carer, so the form does not ask for them. */
export interface ReportVisit {
  readonly id: string;
  readonly clientName: string;
}

interface ReportIncidentDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly visit?: ReportVisit | undefined;
}

/** Report Incident (every role): POST /api/incidents, checked with the API's own schema first. */
export function ReportIncidentDialog({ open, onOpenChange, visit }: ReportIncidentDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={visit ? `Report Incident: ${visit.clientName}` : 'Report Incident'}
    >
      {open && <ReportIncidentForm visit={visit} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function ReportIncidentForm({ visit, onDone }: { visit: ReportVisit | undefined; onDone: () => void }) {
  const role = useCurrentUser().role;
  const staff = can(role, 'incidents.manage');
  const clients = useClientChoices(visit === undefined);
  const carers = useCarerChoices();
  const queryClient = useQueryClient();
  const userId = useCurrentUser().id;
  const report = useMutation({
    // Runs without signal too: a report made from a visit is then kept on the phone and sent later.
    networkMode: 'always',
    mutationFn: async (body: { title: string }) => {
      if (!visit) return apiSend<CommandReply>('POST', INCIDENTS_PATH, body);
      const result = await sendRecord<CommandReply>({
        // One key per submit: a double tap, or a resend from the phone, reports once.
        id: crypto.randomUUID(),
        userId,
        method: 'POST',
        path: INCIDENTS_PATH,
        body,
        label: `Incident: ${body.title} (${visit.clientName})`,
        kind: 'incident',
        visitId: visit.id,
      });
      return result.queued ? null : result.reply;
    },
    onSuccess: (reply) => (reply === null ? toastSavedOnPhone() : toast({ title: 'Incident reported' })),
    onSettled: () => reloadIncidents(queryClient),
  });
  const form = useCommandForm<Values, { title: string }, FormField>({
    initial: () => ({
      type: '',
      severity: '',
      title: '',
      description: '',
      dateOccurred: toLondonInputValue(new Date()),
      location: '',
      clientId: '',
      carerId: '',
      witnessDetails: '',
      immediateAction: '',
      followUpRequired: false,
      followUpNotes: '',
    }),
    fields: FIELDS,
    check: (values) => {
      const request = {
        ...values,
        dateOccurred: londonInputToIso(values.dateOccurred),
        clientId: visit ? null : values.clientId || null,
        carerId: visit ? null : values.carerId || null,
        appointmentId: visit?.id ?? null,
      };
      const check = checkWithSchema(reportIncidentRequestSchema, request, FIELDS);
      return check.ok ? { ok: true, request } : check;
    },
    send: (request) => report.mutateAsync(request),
    onDone,
  });
  const { values, fieldErrors: errors, formError } = form;
  const fieldId = form.idOf;
  const set = form.setValues;

  const text = (name: 'title' | 'location', label: string, max: number, required = false) => (
    <Field id={fieldId(name)} label={label} required={required} error={errors[name]} wide={name === 'title'}>
      <input
        id={fieldId(name)}
        className="input"
        value={values[name]}
        maxLength={max}
        onChange={(event) => set({ [name]: event.target.value })}
        {...fieldAria(fieldId(name), errors[name])}
      />
    </Field>
  );
  const area = (
    name: 'description' | 'witnessDetails' | 'immediateAction' | 'followUpNotes',
    label: string,
    required = false,
  ) => (
    <Field id={fieldId(name)} label={label} required={required} error={errors[name]} wide>
      <textarea
        id={fieldId(name)}
        className="input"
        rows={name === 'description' ? 4 : 2}
        maxLength={name === 'description' ? TEXT_LIMITS.diaryContent : TEXT_LIMITS.notes}
        value={values[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        {...fieldAria(fieldId(name), errors[name])}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={form.submit} data-testid="report-incident-form">
      <div className="form-grid">
        <Field id={fieldId('type')} label="Type" required error={errors.type}>
          <select
            id={fieldId('type')}
            className="input"
            value={values.type}
            onChange={(event) => set({ type: event.target.value as IncidentType })}
            {...fieldAria(fieldId('type'), errors.type)}
          >
            <SelectOptions
              values={INCIDENT_TYPES}
              label={(type) => INCIDENT_TYPE_LABELS[type]}
              placeholder="Select type"
            />
          </select>
        </Field>
        <Field id={fieldId('severity')} label="Severity" required error={errors.severity}>
          <select
            id={fieldId('severity')}
            className="input"
            value={values.severity}
            onChange={(event) => set({ severity: event.target.value as IncidentSeverity })}
            {...fieldAria(fieldId('severity'), errors.severity)}
          >
            <SelectOptions
              values={[...INCIDENT_SEVERITIES].reverse()}
              label={(severity) => INCIDENT_SEVERITY_LABELS[severity]}
              placeholder="Select severity"
            />
          </select>
        </Field>
        {text('title', 'Title', TEXT_LIMITS.title, true)}
        {area('description', 'Description', true)}
        <Field id={fieldId('dateOccurred')} label="Date and time occurred" required error={errors.dateOccurred}>
          <DateTimeInput
            id={fieldId('dateOccurred')}
            className="input"
            value={values.dateOccurred}
            max={toLondonInputValue(new Date())}
            onChange={(event) => set({ dateOccurred: event.target.value })}
            {...fieldAria(fieldId('dateOccurred'), errors.dateOccurred)}
          />
        </Field>
        {text('location', 'Location', TEXT_LIMITS.locationAddress)}
        {visit === undefined && (
          <Field id={fieldId('clientId')} label="Client" error={errors.clientId}>
            <select
              id={fieldId('clientId')}
              className="input"
              value={values.clientId}
              onChange={(event) => set({ clientId: event.target.value })}
              {...fieldAria(fieldId('clientId'), errors.clientId)}
            >
              <option value="">No client</option>
              {(clients.data ?? []).map((client) => (
                <option key={client.id} value={client.id}>
                  {client.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        {visit === undefined && staff && (
          <Field id={fieldId('carerId')} label="Carer" error={errors.carerId}>
            <select
              id={fieldId('carerId')}
              className="input"
              value={values.carerId}
              onChange={(event) => set({ carerId: event.target.value })}
              {...fieldAria(fieldId('carerId'), errors.carerId)}
            >
              <option value="">No carer</option>
              {(carers.data ?? []).map((carer) => (
                <option key={carer.id} value={carer.id}>
                  {carer.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        {area('witnessDetails', 'Witness details')}
        {area('immediateAction', 'Immediate action taken')}
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
        {values.followUpRequired && area('followUpNotes', 'Follow-up notes')}
      </div>
      {errors.appointmentId && (
        <p className="form-error" role="alert">
          {errors.appointmentId}
        </p>
      )}
      <DialogFormFooter
        formError={formError}
        submitLabel={report.isPending ? 'Reporting...' : 'Report Incident'}
        disabled={report.isPending}
      />
    </form>
  );
}
