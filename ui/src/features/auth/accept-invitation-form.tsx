import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api';
import { refusalReason } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { useResetPassword } from './reset-password';
import { LandingFormActions } from './landing-form-actions';

/**
 * The family portal's invitation for someone who already signs in to it (invited for one more client): they only
 * accept, and keep their password and any session they have open. Then they sign in as usual.
 */
export function AcceptInvitationForm({
  token,
  onDone,
  onCancel,
}: {
  token: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const accept = useResetPassword('invitation');
  const [formError, setFormError] = useState<string>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (accept.isPending) return;
    setFormError(undefined);
    try {
      const reply = await accept.mutateAsync({ token });
      toast({ title: 'Invitation accepted', description: reply?.message });
      onDone();
    } catch (error) {
      // A spent, expired or withdrawn invitation is refused on `token`.
      const linkMessage = error instanceof ApiError ? error.fields.token : undefined;
      setFormError(linkMessage ?? refusalReason(error, 'Failed to accept the invitation. Please try again.'));
    }
  };

  return (
    <form className="landing-form" noValidate onSubmit={(event) => void onSubmit(event)} aria-busy={accept.isPending}>
      <h2 className="landing-form-title">Welcome to the family portal</h2>
      <p className="muted">
        You already sign in to the family portal. Accept to follow one more person's care there; your password stays the
        same.
      </p>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <LandingFormActions busy={accept.isPending} onCancel={onCancel}>
        {accept.isPending ? 'Accepting...' : 'Accept the invitation'}
      </LandingFormActions>
    </form>
  );
}
