import { useId, useState, type FormEvent } from 'react';
import { Field, fieldAria } from '../../shared/form-field';
import { issuesByField, refusalReason } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { useRequestPasswordReset } from './request-password-reset';
import { loadAuthSchemas } from './load-auth-schemas';
import { LandingFormActions } from './landing-form-actions';

/**
 * "Request new password": the server answers the same whether or not the email has an account. There is no
 * mail server yet: the request shows in the administrator's access log, and they issue a one-time link.
 * Back to the login form once asked.
 */
export function PasswordResetRequestForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const idPrefix = useId();
  const emailId = `${idPrefix}-email`;
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const { passwordResetRequestSchema } = await loadAuthSchemas();
    const check = passwordResetRequestSchema.safeParse({ email });
    if (!check.success) {
      setError(issuesByField(check.error, ['email'] as const).email);
      document.getElementById(emailId)?.focus();
      return;
    }
    setError(undefined);
    try {
      const reply = await request.mutateAsync(check.data.email);
      toast({
        title: 'Password reset requested',
        description: reply?.message ?? 'If the email has an account, your administrator can now see the request.',
      });
      onDone();
    } catch (failure) {
      toast({
        title: 'Error',
        description: refusalReason(failure, 'Failed to request a new password'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form className="landing-form" noValidate onSubmit={onSubmit} aria-busy={request.isPending}>
      <h2 className="landing-form-title">Request new password</h2>
      <p className="muted small">
        Enter the email of your account. Your administrator sees the request and gives you a one-time link to set a new
        password.
      </p>
      <Field id={emailId} label="Email" required error={error}>
        <input
          id={emailId}
          name="email"
          className="input"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          aria-required
          autoFocus
          readOnly={request.isPending}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
          {...fieldAria(emailId, error)}
        />
      </Field>
      <LandingFormActions busy={request.isPending} onCancel={onCancel}>
        {request.isPending ? 'Sending...' : 'Send request'}
      </LandingFormActions>
    </form>
  );
}
