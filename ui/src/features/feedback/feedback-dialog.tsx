import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CATEGORY_LABELS,
  FEEDBACK_MESSAGE_REQUIRED,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
  FEEDBACK_LIMITS,
  type FeedbackCategory,
  type FeedbackType,
} from '@care/events';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { ApiError } from '../../shared/api';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { Field } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { SelectOptions } from '../../shared/select-options';
import { toast } from '../../shared/toast';
import {
  checkFeedbackForm,
  currentPage,
  DEFAULT_FEEDBACK_FORM,
  ratingOffered,
  type FeedbackFormValues,
} from './feedback-form';
import { RatingInput } from './rating-input';
import { useSubmitFeedback } from './submit-feedback';
import { FormDialog } from '../../shared/form-dialog';

export function FeedbackDialog({
  open,
  onOpenChange,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened from a popover or a menu that is gone when it closes: focus goes back to this button instead. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Share Your Feedback" size="small" opener={opener}>
      {/* Mounted per opening: after a submit (or Cancel) the next opening starts from the defaults. */}
      <FeedbackForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function FeedbackForm({ onDone }: { onDone: () => void }) {
  const idPrefix = useId();
  const idOf = (field: keyof FeedbackFormValues) => `${idPrefix}-${field}`;
  const [values, setValues] = useState<FeedbackFormValues>(DEFAULT_FEEDBACK_FORM);
  const [messageMissing, setMessageMissing] = useState(false);
  const [formError, setFormError] = useState<string>();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const submit = useSubmitFeedback();

  const set = <K extends keyof FeedbackFormValues>(field: K, value: FeedbackFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const check = checkFeedbackForm(values, currentPage());
    if (!check.ok) {
      if (check.messageRequired) {
        // A blank message is only told, never sent.
        toast({ title: 'Message Required', description: FEEDBACK_MESSAGE_REQUIRED, variant: 'destructive' });
        setMessageMissing(true);
        messageRef.current?.focus();
      } else {
        setFormError(check.reason);
      }
      return;
    }
    try {
      await submit.mutateAsync(check.request);
      onDone();
    } catch (error) {
      // The "Submission Failed" toast is shown by the mutation; the dialog stays open with what was typed.
      // A refusal (4xx) also says why, e.g. a field over its limit; a server or network failure needs no more.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setFormError(serverFormErrors(error, []).formError);
      }
    }
  };

  return (
    <form className="feedback-form" noValidate onSubmit={onSubmit}>
      <Field id={idOf('type')} label="Type">
        <select
          id={idOf('type')}
          name="type"
          className="input"
          value={values.type}
          onChange={(event) => set('type', event.target.value as FeedbackType)}
        >
          <SelectOptions values={FEEDBACK_TYPES} label={(type) => FEEDBACK_TYPE_LABELS[type]} />
        </select>
      </Field>
      <Field id={idOf('category')} label="Category">
        <select
          id={idOf('category')}
          name="category"
          className="input"
          value={values.category}
          onChange={(event) => set('category', event.target.value as FeedbackCategory)}
        >
          <SelectOptions values={FEEDBACK_CATEGORIES} label={(category) => FEEDBACK_CATEGORY_LABELS[category]} />
        </select>
      </Field>
      <Field id={idOf('message')} label="Message" required>
        <textarea
          ref={messageRef}
          id={idOf('message')}
          name="message"
          className="input"
          rows={4}
          maxLength={FEEDBACK_LIMITS.message}
          placeholder="Tell us what works well or what could be better..."
          aria-required
          aria-invalid={messageMissing ? true : undefined}
          value={values.message}
          onChange={(event) => {
            set('message', event.target.value);
            if (messageMissing) setMessageMissing(false);
          }}
        />
      </Field>
      {ratingOffered(values.type) && (
        <RatingInput name={idOf('rating')} value={values.rating} onChange={(rating) => set('rating', rating)} />
      )}
      <DialogFormFooter
        formError={formError}
        submitLabel={submit.isPending ? 'Submitting...' : 'Submit Feedback'}
        disabled={submit.isPending}
      />
    </form>
  );
}
