import { TEXT_LIMITS, type IncidentDetailView, type SafeguardingReferralView } from '@care/events';
import { useState, type FormEvent } from 'react';
import { refusalReason } from '../../shared/form-errors';
import { useIncidentCommand } from './incident-command';

/**
 * The local authority's reference or the referral's outcome, learnt after it was made (even once the incident is
 * closed): PATCH /api/incidents/:id/safeguarding-referrals/:referralId with only what was filled in.
 */
export function ReferralUpdateForm({
  incident,
  referral,
}: {
  incident: IncidentDetailView;
  referral: SafeguardingReferralView;
}) {
  const [reference, setReference] = useState(referral.localAuthorityReference ?? '');
  const [outcome, setOutcome] = useState(referral.outcome ?? '');
  const [error, setError] = useState<string>();
  const update = useIncidentCommand<Record<string, string>>(
    `/safeguarding-referrals/${encodeURIComponent(referral.id)}`,
    { success: 'Referral updated', failure: 'Failed to update the referral' },
    'PATCH',
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Not disabled while sending: a disabled button drops the focus out of the dialog, and Escape would then close only the toast.
    if (update.isPending) return;
    const body: Record<string, string> = {};
    if (reference !== (referral.localAuthorityReference ?? '')) body.localAuthorityReference = reference;
    if (outcome !== (referral.outcome ?? '')) body.outcome = outcome;
    if (Object.keys(body).length === 0) {
      setError('Change the reference or the outcome first');
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({ incident, body });
    } catch (failure) {
      setError(refusalReason(failure, 'Failed to update the referral'));
    }
  };
  return (
    <form
      className="incident-inline-form"
      onSubmit={(event) => void submit(event)}
      aria-label={`Update the referral of ${referral.referredOn}`}
    >
      <label className="inline-field">
        <span className="label">Local authority reference</span>
        <input
          className="input"
          maxLength={TEXT_LIMITS.reference}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
        />
      </label>
      <label className="inline-field">
        <span className="label">Outcome</span>
        <input
          className="input"
          maxLength={TEXT_LIMITS.notes}
          value={outcome}
          onChange={(event) => setOutcome(event.target.value)}
        />
      </label>
      <button type="submit" className="button button-secondary" aria-disabled={update.isPending || undefined}>
        Save Referral
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
