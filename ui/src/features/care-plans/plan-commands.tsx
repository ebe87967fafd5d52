import {
  agreeCarePlanRequestSchema,
  CARE_PLAN_STATUS_LABELS,
  CARE_PLAN_STATUSES,
  changeCarePlanStatusRequestSchema,
  CONSENT_METHOD_LABELS,
  CONSENT_METHODS,
  londonToday,
  addDays,
  recordCarePlanReviewRequestSchema,
  REVIEW_OUTCOME_LABELS,
  REVIEW_OUTCOMES,
  TEXT_LIMITS,
  type CarePlanDetailView,
} from '@care/events';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { apiSend } from '../../shared/api';
import { DateInput } from '../../shared/date-fields/date-input';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { toast } from '../../shared/toast';
import { carePlanPath, reloadCarePlans } from './care-plan-queries';

type Values = Record<string, string>;

/**
 * A small inline form for one plan command (agreement, review, status): checked with the API's own schema, sent
 * with the plan's revision (If-Match), and the plan reloaded after.
 */
function CommandForm({
  plan,
  action,
  schema,
  initial,
  toBody,
  submitLabel,
  done,
  children,
}: {
  plan: CarePlanDetailView;
  action: string;
  schema: z.ZodType;
  initial: Values;
  toBody: (values: Values) => Record<string, unknown>;
  submitLabel: string;
  done: string;
  children: (props: {
    values: Values;
    set: (name: string, value: string) => void;
    errors: Values;
    idOf: (name: string) => string;
  }) => ReactNode;
}) {
  // While the plan reloads (after another change) its revision may be stale: the command waits for the fresh one.
  const refreshing = useIsFetching({ queryKey: [carePlanPath(plan.id)] }) > 0;
  const base = useId();
  const idOf = (name: string) => `${base}-${name}`;
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Values>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const fields = Object.keys(initial);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toBody(values);
    const check = schema.safeParse(body);
    if (!check.success) {
      const found: Values = {};
      for (const issue of check.error.issues) {
        const name = String(issue.path[0] ?? '');
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFormError(undefined);
    setBusy(true);
    try {
      await apiSend('POST', carePlanPath(plan.id, action), body, { 'If-Match': plan.revision });
      await reloadCarePlans(queryClient);
      toast({ title: done });
      setValues(initial);
    } catch (error) {
      const { fieldErrors, formError: message } = serverFormErrors(error, fields);
      setErrors(fieldErrors as Values);
      setFormError(
        message ?? (Object.keys(fieldErrors).length === 0 ? 'It could not be saved. Please try again.' : undefined),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-grid plan-command-form" onSubmit={submit} noValidate>
      {children({ values, set, errors, idOf })}
      {formError && (
        <p className="form-error field-wide" role="alert">
          {formError}
        </p>
      )}
      <div className="field-wide">
        <button type="submit" className="button button-primary button-small" disabled={busy || refreshing}>
          {busy ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** Record the client's (or their representative's) consent to the current version. */
export function AgreementForm({ plan }: { plan: CarePlanDetailView }) {
  return (
    <CommandForm
      plan={plan}
      action="/agreement"
      schema={agreeCarePlanRequestSchema}
      initial={{ agreedBy: '', relationship: '', method: 'in_person', agreedOn: londonToday() }}
      toBody={(values) => ({ ...values, version: plan.version })}
      submitLabel={`Record agreement to version ${plan.version}`}
      done={`Version ${plan.version} agreed`}
    >
      {({ values, set, errors, idOf }) => (
        <>
          <Field id={idOf('agreedBy')} label="Agreed by" required error={errors.agreedBy}>
            <input
              id={idOf('agreedBy')}
              className="input"
              maxLength={TEXT_LIMITS.contactName}
              value={values.agreedBy}
              {...fieldAria(idOf('agreedBy'), errors.agreedBy)}
              onChange={(event) => set('agreedBy', event.target.value)}
            />
          </Field>
          <Field id={idOf('relationship')} label="Relationship to the client" required error={errors.relationship}>
            <input
              id={idOf('relationship')}
              className="input"
              placeholder="e.g. Client, or Daughter (LPA)"
              maxLength={TEXT_LIMITS.relationship}
              value={values.relationship}
              {...fieldAria(idOf('relationship'), errors.relationship)}
              onChange={(event) => set('relationship', event.target.value)}
            />
          </Field>
          <Field id={idOf('method')} label="How" error={errors.method}>
            <select
              id={idOf('method')}
              className="input"
              value={values.method}
              onChange={(event) => set('method', event.target.value)}
            >
              {CONSENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {CONSENT_METHOD_LABELS[method]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={idOf('agreedOn')} label="Date agreed" required error={errors.agreedOn}>
            <DateInput
              id={idOf('agreedOn')}
              className="input"
              value={values.agreedOn ?? ''}
              {...fieldAria(idOf('agreedOn'), errors.agreedOn)}
              onChange={(event) => set('agreedOn', event.target.value)}
            />
          </Field>
        </>
      )}
    </CommandForm>
  );
}

/** Record a review: no change, or the plan updated (the version saved since the last review); and the next date. */
export function ReviewForm({ plan }: { plan: CarePlanDetailView }) {
  const today = londonToday();
  return (
    <CommandForm
      plan={plan}
      action="/reviews"
      schema={recordCarePlanReviewRequestSchema}
      initial={{ reviewedOn: today, outcome: 'no_change', notes: '', nextReviewDate: addDays(today, 182) }}
      toBody={(values) => values}
      submitLabel="Record Review"
      done="Review recorded"
    >
      {({ values, set, errors, idOf }) => (
        <>
          <Field id={idOf('reviewedOn')} label="Reviewed on" required error={errors.reviewedOn}>
            <DateInput
              id={idOf('reviewedOn')}
              className="input"
              value={values.reviewedOn ?? ''}
              {...fieldAria(idOf('reviewedOn'), errors.reviewedOn)}
              onChange={(event) => set('reviewedOn', event.target.value)}
            />
          </Field>
          <Field id={idOf('outcome')} label="Outcome" error={errors.outcome}>
            <select
              id={idOf('outcome')}
              className="input"
              value={values.outcome}
              {...fieldAria(idOf('outcome'), errors.outcome)}
              onChange={(event) => set('outcome', event.target.value)}
            >
              {REVIEW_OUTCOMES.map((outcome) => (
                <option key={outcome} value={outcome}>
                  {REVIEW_OUTCOME_LABELS[outcome]}
                  {outcome === 'updated' ? ` (version ${plan.version})` : ''}
                </option>
              ))}
            </select>
          </Field>
          <Field id={idOf('nextReviewDate')} label="Next review date" required error={errors.nextReviewDate}>
            <DateInput
              id={idOf('nextReviewDate')}
              className="input"
              value={values.nextReviewDate ?? ''}
              {...fieldAria(idOf('nextReviewDate'), errors.nextReviewDate)}
              onChange={(event) => set('nextReviewDate', event.target.value)}
            />
          </Field>
          <Field id={idOf('notes')} label="Notes" error={errors.notes} wide>
            <textarea
              id={idOf('notes')}
              className="input"
              rows={2}
              maxLength={TEXT_LIMITS.notes}
              value={values.notes}
              onChange={(event) => set('notes', event.target.value)}
            />
          </Field>
        </>
      )}
    </CommandForm>
  );
}

/** Active, under review or inactive, with the reason. */
export function StatusForm({ plan }: { plan: CarePlanDetailView }) {
  return (
    <CommandForm
      plan={plan}
      action="/status"
      schema={changeCarePlanStatusRequestSchema}
      initial={{ status: plan.status, reason: '' }}
      toBody={(values) => values}
      submitLabel="Change status"
      done="Status changed"
    >
      {({ values, set, errors, idOf }) => (
        <>
          <Field id={idOf('status')} label="Status" error={errors.status}>
            <select
              id={idOf('status')}
              className="input"
              value={values.status}
              onChange={(event) => set('status', event.target.value)}
            >
              {CARE_PLAN_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CARE_PLAN_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={idOf('reason')} label="Reason" required error={errors.reason}>
            <input
              id={idOf('reason')}
              className="input"
              maxLength={TEXT_LIMITS.shortReason}
              value={values.reason}
              {...fieldAria(idOf('reason'), errors.reason)}
              onChange={(event) => set('reason', event.target.value)}
            />
          </Field>
        </>
      )}
    </CommandForm>
  );
}
