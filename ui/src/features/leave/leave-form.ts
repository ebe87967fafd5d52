import { requestLeaveRequestSchema, type RequestLeaveCommandInput } from '@care/events';
import { checkWithSchema, type FormCheck } from '../../shared/use-command-form';

/** The request dialog's fields in screen order; they carry the API's names, so its 400 messages land under them. */
export const LEAVE_FORM_FIELDS = ['carerId', 'kind', 'from', 'to', 'dayPart', 'note'] as const;
export type LeaveFormField = (typeof LEAVE_FORM_FIELDS)[number];
export type LeaveFormValues = Record<LeaveFormField, string>;

export const EMPTY_LEAVE_FORM: LeaveFormValues = {
  carerId: '',
  kind: 'annual',
  from: '',
  to: '',
  dayPart: 'full',
  note: '',
};

/**
 * The request as the command API will read it, checked with its own schema so the browser shows the server's
 * messages. A half day has no last day of its own on screen: it ends on its first day.
 */
export function checkLeaveForm(values: LeaveFormValues): FormCheck<RequestLeaveCommandInput, LeaveFormField> {
  const request = { ...values, to: values.dayPart === 'full' ? values.to : values.from };
  return checkWithSchema(requestLeaveRequestSchema, request, LEAVE_FORM_FIELDS);
}
