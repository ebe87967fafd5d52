import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api';
import { BRAND } from '../../shared/brand';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField } from '../../shared/form-errors';
import { queryKeys } from '../../shared/query-keys';
import { toast } from '../../shared/toast';
import { PasswordInput } from '../../shared/password-input';
import { useSignIn } from './sign-in';
import { loadAuthSchemas } from './load-auth-schemas';
import { LandingFormActions } from './landing-form-actions';

const FIELDS = ['email', 'password'] as const;
type LoginField = (typeof FIELDS)[number];

/** The product opens 1 second after a successful sign-in, so the toast can be read. */
const AFTER_SIGN_IN_DELAY_MS = 1000;

const ACCESS_DENIED = 'Invalid admin credentials. Contact system administrator.';

/**
 * The administrator login form: closed, open, and verifying while submitting. The server
 * checks the credentials and sets the session cookie; nothing about them is held in the browser.
 */
export function LoginForm({ onCancel, onRequestReset }: { onCancel: () => void; onRequestReset: () => void }) {
  const idPrefix = useId();
  const idOf = (field: LoginField) => `${idPrefix}-${field}`;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [signedIn, setSignedIn] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const focusFirst = (found: Partial<Record<LoginField, string>>) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || signedIn) return;
    const { loginRequestSchema } = await loadAuthSchemas();
    const check = loginRequestSchema.safeParse(values);
    if (!check.success) {
      const found = issuesByField(check.error, FIELDS);
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    try {
      const reply = await signIn.mutateAsync(check.data);
      setSignedIn(true);
      // A new session: nothing cached from before may leak into it; the gate starts from the user we got.
      queryClient.removeQueries();
      queryClient.setQueryData(queryKeys.authUser, reply.user);
      toast({ title: 'Login Successful', description: `Welcome to ${BRAND.name}` });
      timer.current = window.setTimeout(() => void navigate({ to: '/' }), AFTER_SIGN_IN_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        const found: Partial<Record<LoginField, string>> = {};
        for (const field of FIELDS) if (error.fields[field]) found[field] = error.fields[field];
        setErrors(found);
        focusFirst(found);
        return;
      }
      const description =
        error instanceof ApiError && error.status === 429
          ? error.reason
          : error instanceof ApiError && error.status >= 500
            ? 'The sign-in service is unavailable. Please try again shortly.'
            : error instanceof ApiError
              ? ACCESS_DENIED
              : 'The sign-in service could not be reached. Please try again shortly.';
      toast({ title: 'Access Denied', description, variant: 'destructive' });
      setValues((current) => ({ ...current, password: '' }));
    }
  };

  const verifying = signIn.isPending || signedIn;
  return (
    <form
      className="landing-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${idPrefix}-title`}
      aria-busy={verifying}
    >
      <h2 id={`${idPrefix}-title`} className="landing-form-title">
        Administrator Login
      </h2>
      <Field id={idOf('email')} label="Email" required error={errors.email}>
        <input
          id={idOf('email')}
          name="email"
          className="input"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          aria-required
          autoFocus
          readOnly={verifying}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          {...fieldAria(idOf('email'), errors.email)}
        />
      </Field>
      <Field id={idOf('password')} label="Password" required error={errors.password}>
        <PasswordInput
          id={idOf('password')}
          name="password"
          autoComplete="current-password"
          readOnly={verifying}
          value={values.password}
          onChange={(value) => set('password', value)}
          error={errors.password}
          describedBy={errors.password ? `${idOf('password')}-error` : undefined}
        />
      </Field>
      <LandingFormActions busy={verifying} onCancel={onCancel}>
        {verifying ? (
          <>
            <span className="spinner spinner-small" aria-hidden />
            Verifying...
          </>
        ) : (
          'Log in'
        )}
      </LandingFormActions>
      <button type="button" className="link-button" onClick={onRequestReset} disabled={verifying}>
        Request new password
      </button>
    </form>
  );
}
