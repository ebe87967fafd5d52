import {
  londonToday,
  addDays,
  scheduleCarePlanReviewRequestSchema,
  TEXT_LIMITS,
  type CarePlanView,
} from '@care/events';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { formatDate } from '../../shared/format';
import { carePlanPath, reloadCarePlans } from './care-plan-queries';
import { WithFreshPlan } from './fresh-plan';

const FIELDS = ['reviewDate', 'reason'] as const;

/** Schedule Review: sets the plan's review date (the review itself is recorded from View Plan). */
export function ScheduleReviewDialog({ plan, onClose }: { plan: CarePlanView | undefined; onClose: () => void }) {
  return (
    <FormDialog
      open={plan !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title="Schedule Review"
      size="small"
    >
      {plan && (
        <WithFreshPlan planId={plan.id}>{(fresh) => <ScheduleForm plan={fresh} onDone={onClose} />}</WithFreshPlan>
      )}
    </FormDialog>
  );
}

function ScheduleForm({ plan, onDone }: { plan: CarePlanView; onDone: () => void }) {
  const base = useId();
  const queryClient = useQueryClient();
  const [reviewDate, setReviewDate] = useState(
    plan.reviewDate >= londonToday() ? plan.reviewDate : addDays(londonToday(), 7),
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { reviewDate, reason };
    const check = scheduleCarePlanReviewRequestSchema.safeParse(body);
    if (!check.success) {
      setErrors({
        reviewDate: check.error.issues.find((issue) => issue.path[0] === 'reviewDate')?.message,
        reason: check.error.issues.find((issue) => issue.path[0] === 'reason')?.message,
      });
      return;
    }
    setBusy(true);
    try {
      await apiSend('POST', carePlanPath(plan.id, '/review-date'), body, { 'If-Match': plan.revision });
      await reloadCarePlans(queryClient);
      toast({
        title: 'Review scheduled',
        description: `${plan.clientName}'s plan is due for review on ${formatDate(reviewDate)}.`,
      });
      onDone();
    } catch (error) {
      const { fieldErrors, formError: message } = serverFormErrors(error, FIELDS);
      setErrors(fieldErrors);
      setFormError(
        message ??
          (Object.keys(fieldErrors).length === 0 ? 'The review could not be scheduled. Please try again.' : undefined),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <p className="dialog-summary field-wide">
        {plan.title} · {plan.clientName} · review now due {formatDate(plan.reviewDate)}
      </p>
      <Field id={`${base}-reviewDate`} label="Review date" required error={errors.reviewDate}>
        <DateInput
          id={`${base}-reviewDate`}
          className="input"
          value={reviewDate}
          aria-required
          {...fieldAria(`${base}-reviewDate`, errors.reviewDate)}
          onChange={(event) => setReviewDate(event.target.value)}
        />
      </Field>
      <Field id={`${base}-reason`} label="Reason" error={errors.reason}>
        <input
          id={`${base}-reason`}
          className="input"
          maxLength={TEXT_LIMITS.shortReason}
          value={reason}
          {...fieldAria(`${base}-reason`, errors.reason)}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      <div className="field-wide">
        <DialogFormFooter formError={formError} submitLabel={busy ? 'Saving…' : 'Schedule Review'} disabled={busy} />
      </div>
    </form>
  );
}
