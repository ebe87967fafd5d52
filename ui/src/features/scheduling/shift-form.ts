import {
  DEFAULT_SHIFT_BREAK_MINUTES,
  planShiftRequestSchema,
  type PlanShiftRequest,
  type ShiftType,
} from '@care/events';
import { issuesByField } from '../../shared/form-errors';
import { londonInputToIso } from '../../shared/london-time';

/** The New Shift form as typed: start and end are datetime-local values on the London wall clock. */
export interface ShiftFormValues {
  carerId: string;
  shiftType: ShiftType | '';
  startTime: string;
  endTime: string;
  breakMinutes: string;
  location: string;
  status: 'confirmed' | 'pending';
  notes: string;
}

export type ShiftFormField = keyof ShiftFormValues;
export type ShiftFormErrors = Partial<Record<ShiftFormField, string>>;
export const SHIFT_FORM_FIELDS: readonly ShiftFormField[] = [
  'carerId',
  'shiftType',
  'startTime',
  'endTime',
  'breakMinutes',
  'location',
  'status',
  'notes',
];

/** A blank form for a shift on `date` (the rota's chosen day): a morning shift, confirmed, the default break. */
export function emptyShiftForm(date: string): ShiftFormValues {
  return {
    carerId: '',
    shiftType: 'morning',
    startTime: `${date}T07:00`,
    endTime: `${date}T14:00`,
    breakMinutes: String(DEFAULT_SHIFT_BREAK_MINUTES),
    location: '',
    status: 'confirmed',
    notes: '',
  };
}

/** The request the form sends, checked with the API's own schema so the messages are the server's. */
export function checkShiftForm(
  values: ShiftFormValues,
): { ok: true; request: PlanShiftRequest } | { ok: false; errors: ShiftFormErrors } {
  const request = {
    carerId: values.carerId,
    shiftType: values.shiftType,
    startTime: londonInputToIso(values.startTime),
    endTime: londonInputToIso(values.endTime),
    breakMinutes: values.breakMinutes,
    location: values.location,
    status: values.status,
    notes: values.notes,
  };
  const parsed = planShiftRequestSchema.safeParse(request);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error, SHIFT_FORM_FIELDS) };
  return { ok: true, request: request as PlanShiftRequest };
}
