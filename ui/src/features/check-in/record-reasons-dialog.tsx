import { useId, useState } from 'react';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { londonInputToIso } from '../../shared/london-time';
import { DateTimeInput } from '../../shared/date-fields/date-input';

export interface RecordReasons {
  readonly manualInputReason?: string;
  readonly lateReason?: string;
  /**
   * A manual entry's real time (ISO instant), when it was not now: kept beside the server's time as "time entered
   * by hand", with the manual entry's reason (at most MANUAL_TIME_MAX_HOURS_BACK back, never in the future).
   */
  readonly enteredAt?: string;
}

interface RecordReasonsDialogProps {
  readonly title: string;
  /** Why no position could be had: the record becomes Manual and needs a reason. */
  readonly locationProblem: string | undefined;
  /** Minutes after the planned start (0: on time): a late arrival needs its reason. */
  readonly lateMinutes: number;
  readonly submitLabel: string;
  readonly pending: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: (reasons: RecordReasons) => void;
}

const MANUAL_REQUIRED = 'A reason is required for a manual entry';
const LATE_REQUIRED = 'A reason for the late arrival is required';
const TIME_INVALID = 'Enter a date and time';
const TIME_FUTURE = 'The time cannot be in the future';

/** Asked only when needed: the reason for a manual record (no location) and the reason for arriving late. */
export function RecordReasonsDialog({
  title,
  locationProblem,
  lateMinutes,
  submitLabel,
  pending,
  onCancel,
  onConfirm,
}: RecordReasonsDialogProps) {
  const id = useId();
  const [manualInputReason, setManual] = useState('');
  const [lateReason, setLate] = useState('');
  const [enteredAt, setEnteredAt] = useState('');
  const [errors, setErrors] = useState<{ manual?: string; late?: string; time?: string }>({});
  const manual = locationProblem !== undefined;
  const late = lateMinutes > 0;

  const submit = () => {
    const instant = manual && enteredAt !== '' ? londonInputToIso(enteredAt) : undefined;
    const next = {
      manual: manual && manualInputReason.trim() === '' ? MANUAL_REQUIRED : undefined,
      late: late && lateReason.trim() === '' ? LATE_REQUIRED : undefined,
      time:
        instant !== undefined && Number.isNaN(Date.parse(instant))
          ? TIME_INVALID
          : instant !== undefined && Date.parse(instant) > Date.now()
            ? TIME_FUTURE
            : undefined,
    };
    setErrors(next);
    if (next.manual || next.late || next.time) return;
    onConfirm({
      manualInputReason: manual ? manualInputReason.trim() : undefined,
      lateReason: late ? lateReason.trim() : undefined,
      enteredAt: instant,
    });
  };

  return (
    <FormDialog open onOpenChange={(open) => !open && onCancel()} title={title} size="small">
      <form
        className="check-in-reasons"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {manual && (
          <>
            <p className="check-in-notice" role="alert">
              {locationProblem}. This will be recorded as a manual entry.
            </p>
            <Field id={`${id}-manual`} label="Reason for manual entry" required error={errors.manual}>
              <textarea
                id={`${id}-manual`}
                className="input"
                rows={3}
                value={manualInputReason}
                onChange={(event) => setManual(event.target.value)}
                {...fieldAria(`${id}-manual`, errors.manual)}
              />
            </Field>
            <Field id={`${id}-time`} label="Actual time (leave blank for now)" error={errors.time}>
              <DateTimeInput
                id={`${id}-time`}
                className="input"
                value={enteredAt}
                onChange={(event) => setEnteredAt(event.target.value)}
                {...fieldAria(`${id}-time`, errors.time)}
              />
            </Field>
          </>
        )}
        {late && (
          <>
            <p className="check-in-notice">You are {lateMinutes} minutes after the planned start.</p>
            <Field id={`${id}-late`} label="Reason for late arrival" required error={errors.late}>
              <textarea
                id={`${id}-late`}
                className="input"
                rows={3}
                value={lateReason}
                onChange={(event) => setLate(event.target.value)}
                {...fieldAria(`${id}-late`, errors.late)}
              />
            </Field>
          </>
        )}
        <DialogFormFooter formError={undefined} submitLabel={pending ? 'Saving...' : submitLabel} disabled={pending} />
      </form>
    </FormDialog>
  );
}
