import { LEAVE_DAY_PARTS, LEAVE_KINDS, TEXT_LIMITS, type CarerView, type RequestLeaveCommandInput } from '@care/events';
import { DateInput } from '../../shared/date-fields/date-input';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { SelectOptions } from '../../shared/select-options';
import { useCommandForm } from '../../shared/use-command-form';
import { carerFullName } from '../../records/carers/carer-name';
import { useRequestLeave } from './leave-commands';
import {
  checkLeaveForm,
  EMPTY_LEAVE_FORM,
  LEAVE_FORM_FIELDS,
  type LeaveFormField,
  type LeaveFormValues,
} from './leave-form';
import { LEAVE_DAY_PART_LABELS, LEAVE_KIND_LABELS } from './leave-labels';

interface RequestLeaveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The office picks the carer from these; a carer asks for themselves (their own record is the only one they
   * read), so the select is not shown to them.
   */
  carers: readonly CarerView[];
  pickCarer: boolean;
}

export function RequestLeaveDialog({ open, onOpenChange, carers, pickCarer }: RequestLeaveDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Request Leave">
      {/* Mounted per opening, so every opening starts blank. */}
      {open && <RequestLeaveForm carers={carers} pickCarer={pickCarer} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function RequestLeaveForm({
  carers,
  pickCarer,
  onDone,
}: Pick<RequestLeaveDialogProps, 'carers' | 'pickCarer'> & { onDone: () => void }) {
  const request = useRequestLeave();
  const ownCarerId = pickCarer ? '' : (carers[0]?.id ?? '');
  const form = useCommandForm<LeaveFormValues, RequestLeaveCommandInput, LeaveFormField>({
    initial: { ...EMPTY_LEAVE_FORM, carerId: ownCarerId },
    fields: LEAVE_FORM_FIELDS,
    check: checkLeaveForm,
    send: (body) => request.mutateAsync(body),
    onDone,
    // The day part is a group of choices: a message on it takes focus to the first.
    focusId: (field, id) => (field === 'dayPart' ? `${id}-full` : id),
  });
  const { values, fieldErrors: errors, formError, idOf } = form;
  const bind = (field: LeaveFormField) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => form.setField(field, event.target.value),
    ...fieldAria(idOf(field), errors[field]),
  });
  const halfDay = values.dayPart !== 'full';
  const noOwnRecord = !pickCarer && ownCarerId === '';

  return (
    <form noValidate onSubmit={form.submit}>
      {noOwnRecord && (
        <p className="form-error" role="alert">
          Your account is not linked to a carer record yet: ask the office to link it before requesting leave.
        </p>
      )}
      <div className="form-grid">
        {pickCarer && (
          <Field id={idOf('carerId')} label="Carer" required error={errors.carerId} wide>
            <select className="input" aria-required {...bind('carerId')}>
              <option value="">Select carer</option>
              {carers.map((carer) => (
                <option key={carer.id} value={carer.id}>
                  {carerFullName(carer)} ({carer.employeeId})
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={idOf('kind')} label="Kind of leave" required error={errors.kind}>
          <select className="input" aria-required {...bind('kind')}>
            <SelectOptions values={LEAVE_KINDS} label={(kind) => LEAVE_KIND_LABELS[kind]} />
          </select>
        </Field>
        <fieldset
          className="field leave-day-parts"
          aria-describedby={errors.dayPart ? `${idOf('dayPart')}-error` : undefined}
        >
          <legend className="label">Whole or half day</legend>
          {LEAVE_DAY_PARTS.map((part) => (
            <label key={part} className="check-option">
              <input
                type="radio"
                id={`${idOf('dayPart')}-${part}`}
                name={`${idOf('dayPart')}`}
                value={part}
                checked={values.dayPart === part}
                onChange={() => form.setField('dayPart', part)}
              />
              {part === 'full' ? 'Whole days' : `${LEAVE_DAY_PART_LABELS[part]} (half day)`}
            </label>
          ))}
          {errors.dayPart && (
            <p id={`${idOf('dayPart')}-error`} className="field-error">
              {errors.dayPart}
            </p>
          )}
        </fieldset>
        <Field id={idOf('from')} label={halfDay ? 'Date' : 'First day'} required error={errors.from}>
          <DateInput className="input" aria-required {...bind('from')} />
        </Field>
        {!halfDay && (
          <Field id={idOf('to')} label="Last day" required error={errors.to}>
            <DateInput className="input" aria-required {...bind('to')} />
          </Field>
        )}
        <Field id={idOf('note')} label="Note" error={errors.note} wide>
          <textarea className="input" rows={3} maxLength={TEXT_LIMITS.notes} {...bind('note')} />
        </Field>
      </div>
      <DialogFormFooter
        formError={formError}
        submitLabel={form.pending ? 'Sending...' : 'Request Leave'}
        disabled={form.pending || noOwnRecord}
      />
    </form>
  );
}
