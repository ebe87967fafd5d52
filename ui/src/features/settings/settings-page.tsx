import {
  ALERT_AUDIENCE_LABELS,
  ALERT_AUDIENCES,
  can,
  NOTIFICATION_CHOICE_LABELS,
  NOTIFICATION_CHOICES,
  changeOwnNameRequestSchema,
  changeOwnPasswordRequestSchema,
  type AlertAudience,
  type NotificationChoices,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PasswordInput } from '../../shared/password-input';
import { useCurrentUser } from '../../shared/current-user';
import { issuesByField, serverFormErrors } from '../../shared/form-errors';
import { Field, fieldAria } from '../../shared/form-field';
import { AccessibilityButton } from '../../shared/layout/accessibility-button';
import { toast } from '../../shared/toast';
import {
  alertAudiencesQuery,
  notificationChoicesQuery,
  useChangeOwnName,
  useChangeOwnPassword,
  useSetAlertAudiences,
  useSetNotificationChoices,
} from './account-commands';
import { AlertRulesSection } from './alert-rules-section';
import './settings.css';

/** /settings: the signed-in user's own name, password, notifications and accessibility; administrators: the alert rules. */
export function SettingsPage() {
  const user = useCurrentUser();
  return (
    <section className="page settings-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Settings</h1>
          <p className="page-subtitle">
            Your own account: your name, your password, your notifications and how the screens look.
          </p>
        </div>
      </div>
      <div className="settings-grid">
        <NameSection />
        <PasswordSection />
        <NotificationsSection />
        {can(user.role, 'alerts.read') && <AlertBellSection />}
        {can(user.role, 'admin.panel') && <AlertRulesSection />}
        <section className="card settings-card" aria-labelledby="settings-accessibility">
          <h2 id="settings-accessibility">Accessibility</h2>
          <p className="muted">High contrast, text size, focus indicators and reduced motion, saved on this device.</p>
          <AccessibilityButton />
        </section>
      </div>
    </section>
  );
}

const NAME_FIELDS = ['firstName', 'lastName'] as const;

function NameSection() {
  const user = useCurrentUser();
  const [values, setValues] = useState({ firstName: user.firstName, lastName: user.lastName });
  const [errors, setErrors] = useState<Partial<Record<(typeof NAME_FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string>();
  const change = useChangeOwnName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeOwnNameRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error, NAME_FIELDS));
      return;
    }
    setErrors({});
    setFormError(undefined);
    change.mutate(values, {
      onSuccess: () => toast({ title: 'Your name has been updated' }),
      onError: (error) => {
        const { fieldErrors, formError: message } = serverFormErrors(error, NAME_FIELDS);
        setErrors(fieldErrors);
        setFormError(message);
      },
    });
  };
  return (
    <section className="card settings-card" aria-labelledby="settings-name">
      <h2 id="settings-name">Your name</h2>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          {NAME_FIELDS.map((field) => (
            <Field
              key={field}
              id={`settings-${field}`}
              label={field === 'firstName' ? 'First name' : 'Last name'}
              required
              error={errors[field]}
            >
              <input
                id={`settings-${field}`}
                className="input"
                autoComplete={field === 'firstName' ? 'given-name' : 'family-name'}
                value={values[field]}
                onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
                {...fieldAria(`settings-${field}`, errors[field])}
              />
            </Field>
          ))}
        </div>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save name'}
        </button>
      </form>
    </section>
  );
}

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordField = (typeof PASSWORD_FIELDS)[number];
const PASSWORD_LABELS: Record<PasswordField, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
};

function PasswordSection() {
  const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const change = useChangeOwnPassword();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeOwnPasswordRequestSchema.safeParse(values);
    const found: Partial<Record<PasswordField, string>> = parsed.success
      ? {}
      : issuesByField(parsed.error, PASSWORD_FIELDS);
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'Passwords do not match';
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(undefined);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(empty);
          toast({ title: 'Password changed', description: 'You have been signed out on every other device.' });
        },
        onError: (error) => {
          const { fieldErrors, formError: message } = serverFormErrors(error, PASSWORD_FIELDS);
          setErrors(fieldErrors);
          setFormError(message);
        },
      },
    );
  };
  return (
    <section className="card settings-card" aria-labelledby="settings-password">
      <h2 id="settings-password">Change password</h2>
      <p className="muted">At least 12 characters. Changing it signs you out on every other device.</p>
      <form onSubmit={submit} noValidate>
        {PASSWORD_FIELDS.map((field) => (
          <Field key={field} id={`settings-${field}`} label={PASSWORD_LABELS[field]} required error={errors[field]}>
            <PasswordInput
              id={`settings-${field}`}
              name={field}
              value={values[field]}
              onChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
              autoComplete={field === 'currentPassword' ? 'current-password' : 'new-password'}
              error={errors[field]}
              describedBy={errors[field] ? `settings-${field}-error` : undefined}
            />
          </Field>
        ))}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function NotificationsSection() {
  const saved = useQuery(notificationChoicesQuery);
  const [edited, setEdited] = useState<NotificationChoices>();
  const choices = edited ?? saved.data;
  const save = useSetNotificationChoices();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choices) return;
    save.mutate(choices, {
      onSuccess: () => {
        setEdited(undefined);
        toast({ title: 'Settings saved' });
      },
      onError: () => toast({ title: 'Settings not saved', description: 'Try again.', variant: 'destructive' }),
    });
  };
  return (
    <section className="card settings-card" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">Notifications</h2>
      <p className="muted">
        Your choices are kept with your account. An email is sent to you only when both you and the agency (Admin Panel,
        Settings) have it turned on.
      </p>
      {saved.isError && <p role="alert">Your notification choices could not be loaded.</p>}
      {choices && (
        <form onSubmit={submit}>
          <fieldset className="settings-choices">
            <legend className="sr-only">Notify me about</legend>
            {NOTIFICATION_CHOICES.map((choice) => (
              <label key={choice} className="settings-choice">
                <input
                  type="checkbox"
                  checked={choices[choice]}
                  onChange={(event) => setEdited({ ...choices, [choice]: event.target.checked })}
                />
                {NOTIFICATION_CHOICE_LABELS[choice]}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button-primary" disabled={save.isPending || edited === undefined}>
            {save.isPending ? 'Saving…' : 'Save Settings'}
          </button>
        </form>
      )}
    </section>
  );
}

/** What each audience's alerts are about, under its checkbox. */
const ALERT_AUDIENCE_HINTS: Record<AlertAudience, string> = {
  care: 'Visits running late or missed, medication, urgent diary entries, incidents, care plan reviews and emergencies',
  people: 'Training expiring or expired, and carers booked past their daily limit',
  finance: 'Overdue invoices, contracts due for renewal and pay below the minimum wage',
};

/**
 * "Alerts in my bell": which audiences the header's bell, the dashboard's Alerts tile and the live count follow.
 * Only the audiences the person's role reads are offered; the Alerts page lists every one of them whatever is ticked.
 */
function AlertBellSection() {
  const saved = useQuery(alertAudiencesQuery);
  const [edited, setEdited] = useState<AlertAudience[]>();
  const following = edited ?? saved.data?.following;
  const save = useSetAlertAudiences();
  const toggle = (audience: AlertAudience, on: boolean) => {
    const next = new Set(following);
    if (on) next.add(audience);
    else next.delete(audience);
    // Kept in the fixed order of the audiences, so the saved choice reads the same however it was ticked.
    setEdited(ALERT_AUDIENCES.filter((known) => next.has(known)));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!following) return;
    save.mutate(following, {
      onSuccess: () => {
        setEdited(undefined);
        toast({ title: 'Settings saved' });
      },
      onError: () => toast({ title: 'Settings not saved', description: 'Try again.', variant: 'destructive' }),
    });
  };
  return (
    <section className="card settings-card" aria-labelledby="settings-alert-bell">
      <h2 id="settings-alert-bell">Alerts in my bell</h2>
      <p className="muted">
        The bell, its count and the dashboard&apos;s Alerts figures follow the kinds of alert ticked here. The Alerts
        page still lists every alert you can read.
      </p>
      {saved.isError && <p role="alert">Your bell&apos;s choices could not be loaded.</p>}
      {saved.data && following && (
        <form onSubmit={submit}>
          <fieldset className="settings-choices">
            <legend className="sr-only">Alerts in my bell</legend>
            {saved.data.readable.map((audience) => (
              <label key={audience} className="settings-choice settings-choice-described">
                <input
                  type="checkbox"
                  checked={following.includes(audience)}
                  aria-describedby={`settings-alert-bell-${audience}`}
                  onChange={(event) => toggle(audience, event.target.checked)}
                />
                <span>
                  {ALERT_AUDIENCE_LABELS[audience]}
                  <span id={`settings-alert-bell-${audience}`} className="settings-choice-hint muted">
                    {ALERT_AUDIENCE_HINTS[audience]}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button-primary" disabled={save.isPending || edited === undefined}>
            {save.isPending ? 'Saving…' : 'Save Settings'}
          </button>
        </form>
      )}
    </section>
  );
}
