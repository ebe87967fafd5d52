import { PASSWORD_MIN_LENGTH } from '@care/events';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api';
import { Field } from '../../shared/form-field';
import { refusalReason } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { PasswordInput } from '../../shared/password-input';
import { useResetPassword, type OneTimeLink } from './reset-password';
import { loadAuthSchemas } from './load-auth-schemas';
import { LandingFormActions } from './landing-form-actions';

type ResetField = 'password' | 'confirmPassword';

/**
 * Opened by the one-time link `/landing?reset=<token>`: choose a new password, then sign in with it. The family
 * portal's invitation link (`/landing?invitation=<token>`) opens it too (`link="invitation"`), to choose the
 * account's first password.
 */
export function PasswordResetForm({
  token,
  link = 'reset',
  onDone,
  onCancel,
}: {
  token: string;
  link?: OneTimeLink;
  onDone: () => void;
  onCancel: () => void;
}) {
  const invitation = link === 'invitation';
  const idPrefix = useId();
  const idOf = (field: ResetField) => `${idPrefix}-${field}`;
  const reset = useResetPassword(link);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<ResetField, string>>>({});
  const [formError, setFormError] = useState<string>();

  const set = (field: ResetField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const show = (found: Partial<Record<ResetField, string>>) => {
    setErrors(found);
    const first = (['password', 'confirmPassword'] as const).find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const { passwordSchema } = await loadAuthSchemas();
    const check = passwordSchema.safeParse(values.password);
    const found: Partial<Record<ResetField, string>> = {};
    if (!check.success) found.password = check.error.issues[0]?.message ?? 'Password is required';
    if (values.confirmPassword !== values.password) found.confirmPassword = 'Passwords do not match';
    if (found.password || found.confirmPassword) {
      show(found);
      return;
    }
    setErrors({});
    setFormError(undefined);
    try {
      const reply = await reset.mutateAsync({ token, password: values.password });
      toast({
        title: invitation ? 'Password set' : 'Password changed',
        description: reply?.message ?? 'You can now log in with your new password.',
      });
      onDone();
    } catch (error) {
      // A spent, expired or withdrawn invitation is refused on `token`: said above the form, not under a field.
      const fieldMessage = error instanceof ApiError ? error.fields.password : undefined;
      const linkMessage = error instanceof ApiError ? error.fields.token : undefined;
      if (fieldMessage) show({ password: fieldMessage });
      else setFormError(linkMessage ?? refusalReason(error, 'Failed to set a new password. Please try again.'));
      toast({
        title: 'Error',
        description: fieldMessage ?? refusalReason(error, 'Failed to set a new password'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form className="landing-form" noValidate onSubmit={onSubmit} aria-busy={reset.isPending}>
      <h2 className="landing-form-title">{invitation ? 'Welcome to the family portal' : 'Set a new password'}</h2>
      {invitation && <p className="muted">Choose the password you will sign in with, together with your email.</p>}
      <Field
        id={idOf('password')}
        label="New password"
        required
        error={errors.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        <PasswordInput
          id={idOf('password')}
          name="password"
          autoComplete="new-password"
          autoFocus
          readOnly={reset.isPending}
          value={values.password}
          onChange={(value) => set('password', value)}
          error={errors.password}
          describedBy={errors.password ? `${idOf('password')}-error` : `${idOf('password')}-hint`}
        />
      </Field>
      <Field id={idOf('confirmPassword')} label="Confirm password" required error={errors.confirmPassword}>
        <PasswordInput
          id={idOf('confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          readOnly={reset.isPending}
          value={values.confirmPassword}
          onChange={(value) => set('confirmPassword', value)}
          error={errors.confirmPassword}
          describedBy={errors.confirmPassword ? `${idOf('confirmPassword')}-error` : undefined}
        />
      </Field>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <LandingFormActions busy={reset.isPending} onCancel={onCancel}>
        {reset.isPending ? 'Saving...' : invitation ? 'Set my password' : 'Set new password'}
      </LandingFormActions>
    </form>
  );
}
