import {
  AGENCY_SETTING_LABELS,
  LOG_RETENTION_YEARS,
  RECORD_RETENTION_YEARS,
  agencySettingsRequestSchema,
  type AgencyDetailField,
  type AgencySettings,
  type AgencySettingsChangeView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { Field, fieldAria } from '../../shared/form-field';
import { formatDateTime } from '../../shared/format';
import { LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { toast } from '../../shared/toast';
import { AGENCY_SETTINGS_HISTORY_PATH, agencySettingsQuery, useSaveAgencySettings } from './get-agency-settings';

const NOTIFICATIONS = ['trainingExpiryEmails', 'appointmentReminders', 'maintenanceAlerts'] as const;
const AGENCY_FIELDS: readonly { field: AgencyDetailField; type?: string; autoComplete?: string; wide?: boolean }[] = [
  { field: 'agencyName', autoComplete: 'organization' },
  { field: 'agencyPhone', type: 'tel' },
  { field: 'agencyEmail', type: 'email' },
  { field: 'onCallPhone', type: 'tel' },
  { field: 'onCallEmail', type: 'email' },
  { field: 'agencyAddress', wide: true },
];
const SAFEGUARDING_FIELDS: readonly { field: AgencyDetailField; type?: string; wide?: boolean }[] = [
  { field: 'safeguardingTeamName' },
  { field: 'safeguardingTeamPhone', type: 'tel' },
  { field: 'safeguardingTeamEmail', type: 'email' },
  { field: 'safeguardingOutOfHoursPhone', type: 'tel' },
  { field: 'safeguardingTeamNotes', wide: true },
];
const ESCALATIONS = [
  {
    field: 'escalateCriticalMinutes',
    hint: 'Mailed to the on-call email (or the administrators when it is not set); after twice as long, to every administrator.',
  },
  { field: 'escalateHighMinutes', hint: 'Mailed to every coordinator.' },
] as const;
const FIELDS = Object.keys(AGENCY_SETTING_LABELS) as (keyof AgencySettings)[];
type Errors = Partial<Record<keyof AgencySettings, string>>;

/**
 * The Admin Panel's Settings tab: the agency's notification switches, record and log retention, and its details
 * (used on documents, by the emergency screen and Get support). Save Settings records only what changed, with who and when.
 */
export function SettingsTab() {
  const saved = useQuery(agencySettingsQuery);
  if (saved.isPending) return <p role="status">Loading settings…</p>;
  if (saved.isError) return <p role="alert">The settings could not be loaded.</p>;
  // Remounting on a new revision resets the form to what was saved (by this admin or another).
  return (
    <SettingsForm key={saved.data.revision ?? 'defaults'} saved={saved.data.settings} revision={saved.data.revision} />
  );
}

function SettingsForm({ saved, revision }: { saved: AgencySettings; revision: string | null }) {
  const [values, setValues] = useState<AgencySettings>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const save = useSaveAgencySettings();
  const set = <K extends keyof AgencySettings>(field: K, value: AgencySettings[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const text = (field: AgencyDetailField) => values[field] ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = agencySettingsRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error, FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    save.mutate(
      { settings: parsed.data, revision },
      {
        onSuccess: () => toast({ title: 'Settings saved' }),
        onError: (error) => {
          const { fieldErrors, formError: message } = serverFormErrors(error, FIELDS);
          setErrors(fieldErrors);
          setFormError(message);
        },
      },
    );
  };

  const textField = ({
    field,
    type,
    autoComplete,
    wide,
  }: {
    field: AgencyDetailField;
    type?: string;
    autoComplete?: string;
    wide?: boolean;
  }) => (
    <Field key={field} id={`agency-${field}`} label={AGENCY_SETTING_LABELS[field]} error={errors[field]} wide={wide}>
      {field === 'agencyAddress' || field === 'safeguardingTeamNotes' ? (
        <textarea
          id={`agency-${field}`}
          className="input"
          rows={2}
          value={text(field)}
          onChange={(event) => set(field, event.target.value)}
          {...fieldAria(`agency-${field}`, errors[field])}
        />
      ) : (
        <input
          id={`agency-${field}`}
          className="input"
          type={type ?? 'text'}
          autoComplete={autoComplete ?? 'off'}
          value={text(field)}
          onChange={(event) => set(field, event.target.value)}
          {...fieldAria(`agency-${field}`, errors[field])}
        />
      )}
    </Field>
  );

  return (
    <form className="admin-settings" onSubmit={submit} noValidate data-testid="agency-settings-form">
      <section className="card admin-card" aria-labelledby="settings-notifications-title">
        <h2 id="settings-notifications-title" className="card-title">
          Notification Settings
        </h2>
        <p className="muted small">
          What the platform sends for the whole agency. Each person can also turn off their own on their Settings page.
        </p>
        <fieldset className="settings-choices">
          <legend className="sr-only">Send</legend>
          {NOTIFICATIONS.map((field) => (
            <label key={field} className="settings-choice">
              <input type="checkbox" checked={values[field]} onChange={(event) => set(field, event.target.checked)} />
              {AGENCY_SETTING_LABELS[field]}
            </label>
          ))}
        </fieldset>
      </section>

      <section className="card admin-card" aria-labelledby="settings-retention-title">
        <h2 id="settings-retention-title" className="card-title">
          Data Retention
        </h2>
        <div className="form-grid">
          <Field
            id="settings-record-retention"
            label="Record retention"
            error={errors.recordRetentionYears}
            hint="How long care records are kept. Nothing is deleted automatically."
          >
            <select
              id="settings-record-retention"
              className="input"
              value={values.recordRetentionYears}
              onChange={(event) =>
                set('recordRetentionYears', Number(event.target.value) as AgencySettings['recordRetentionYears'])
              }
              {...fieldAria('settings-record-retention', errors.recordRetentionYears, true)}
            >
              {RECORD_RETENTION_YEARS.map((years) => (
                <option key={years} value={years}>
                  {years} years{years === 7 ? ' (recommended)' : ''}
                </option>
              ))}
            </select>
          </Field>
          <Field
            id="settings-log-retention"
            label="Log retention"
            error={errors.logRetentionYears}
            hint="How long service logs and the access log are kept; older entries are dropped automatically."
          >
            <select
              id="settings-log-retention"
              className="input"
              value={values.logRetentionYears}
              onChange={(event) =>
                set('logRetentionYears', Number(event.target.value) as AgencySettings['logRetentionYears'])
              }
              {...fieldAria('settings-log-retention', errors.logRetentionYears, true)}
            >
              {LOG_RETENTION_YEARS.map((years) => (
                <option key={years} value={years}>
                  {years} {years === 1 ? 'year' : 'years'}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </section>

      <section className="card admin-card" aria-labelledby="settings-escalation-title">
        <h2 id="settings-escalation-title" className="card-title">
          Alert Escalation
        </h2>
        <p className="muted small">
          A critical or high alert nobody has acknowledged in this many minutes (1 to 1,440) is mailed to more people.
        </p>
        <div className="form-grid">
          {ESCALATIONS.map(({ field, hint }) => (
            <Field
              key={field}
              id={`settings-${field}`}
              label={`${AGENCY_SETTING_LABELS[field]} (minutes)`}
              error={errors[field]}
              hint={hint}
            >
              <input
                id={`settings-${field}`}
                className="input"
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                step={1}
                value={Number.isNaN(values[field]) ? '' : values[field]}
                onChange={(event) => set(field, event.target.value === '' ? Number.NaN : Number(event.target.value))}
                {...fieldAria(`settings-${field}`, errors[field], true)}
              />
            </Field>
          ))}
        </div>
      </section>

      <section className="card admin-card" aria-labelledby="settings-agency-title">
        <h2 id="settings-agency-title" className="card-title">
          Agency Details
        </h2>
        <p className="muted small">Printed on documents; the on-call number is the emergency screen's second button.</p>
        <div className="form-grid">{AGENCY_FIELDS.map(textField)}</div>
        <h3 className="card-subtitle">Local authority safeguarding team</h3>
        <div className="form-grid">{SAFEGUARDING_FIELDS.map(textField)}</div>
      </section>

      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="admin-settings-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
      <SettingsHistory />
    </form>
  );
}

function SettingsHistory() {
  const history = usePagedList<AgencySettingsChangeView>(AGENCY_SETTINGS_HISTORY_PATH, {});
  return (
    <section className="card admin-card" aria-labelledby="settings-history-title">
      <h2 id="settings-history-title" className="card-title">
        Changes to the settings
      </h2>
      {history.isError && <p role="alert">The changes could not be loaded.</p>}
      {history.isSuccess && history.items.length === 0 && <p className="muted">No changes yet: the defaults apply.</p>}
      {history.items.length > 0 && (
        <ul className="settings-history" data-testid="settings-history">
          {history.items.map((change) => (
            <li key={`${change.at}-${change.userId}`}>
              <p className="small">
                <strong>{change.userName ?? 'Unknown user'}</strong> on {formatDateTime(change.at)}
              </p>
              <ul className="small">
                {change.changes.map((item) => (
                  <li key={item.field}>
                    {item.label}: {item.value}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        shown={history.items.length}
        total={history.total}
        hasMore={history.hasNextPage}
        loading={history.isFetchingNextPage}
        onLoadMore={() => void history.fetchNextPage()}
      />
    </section>
  );
}
