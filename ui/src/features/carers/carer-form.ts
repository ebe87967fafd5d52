import { createCarerRequestSchema, type CarerView, type CreateCarerRequest, type TravelMode } from '@care/events';

/** What the form holds: text as typed (the shared schema trims and converts), a list and a switch. */
export interface CarerFormValues {
  firstName: string;
  lastName: string;
  email: string;
  region: string;
  employeeId: string;
  startDate: string;
  specialization: string;
  qualifications: string[];
  phoneNumber: string;
  emergencyContact: string;
  emergencyPhone: string;
  address: string;
  dateOfBirth: string;
  hourlyRate: string;
  maxClientsPerDay: string;
  notes: string;
  isActive: boolean;
  travelMode: TravelMode;
}

export type CarerFormField = keyof CarerFormValues;
export type CarerFormErrors = Partial<Record<CarerFormField, string>>;

export const EMPTY_CARER_FORM: CarerFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  region: '',
  employeeId: '',
  startDate: '',
  specialization: '',
  qualifications: [],
  phoneNumber: '',
  emergencyContact: '',
  emergencyPhone: '',
  address: '',
  dateOfBirth: '',
  hourlyRate: '',
  maxClientsPerDay: '8',
  notes: '',
  isActive: true,
  travelMode: 'car',
};

/** A date input wants YYYY-MM-DD; the API may send a date or an ISO instant. */
const dateInputValue = (value: string | null) => (value ?? '').slice(0, 10);

export function carerToFormValues(carer: CarerView): CarerFormValues {
  return {
    firstName: carer.user.firstName,
    lastName: carer.user.lastName,
    email: carer.user.email,
    region: carer.user.region ?? '',
    employeeId: carer.employeeId,
    startDate: dateInputValue(carer.startDate),
    specialization: carer.specialization ?? '',
    qualifications: [...carer.qualifications],
    phoneNumber: carer.phoneNumber ?? '',
    emergencyContact: carer.emergencyContact ?? '',
    emergencyPhone: carer.emergencyPhone ?? '',
    address: carer.address ?? '',
    dateOfBirth: dateInputValue(carer.dateOfBirth),
    hourlyRate: carer.hourlyRate ?? '',
    maxClientsPerDay: String(carer.maxClientsPerDay),
    notes: carer.notes ?? '',
    isActive: carer.isActive,
    travelMode: carer.travelMode,
  };
}

/**
 * The request body: the form's values as the shared schema accepts them. Blank optional fields stay '' (the
 * schema reads them as "not set"), and the hourly rate stays in pounds: the server converts it to pence.
 */
export function formValuesToRequest(values: CarerFormValues): CreateCarerRequest {
  const max = values.maxClientsPerDay.trim();
  return {
    ...values,
    qualifications: [...values.qualifications],
    maxClientsPerDay: /^\d+$/.test(max) ? Number(max) : max,
  };
}

export type CarerFormCheck = { ok: true; request: CreateCarerRequest } | { ok: false; errors: CarerFormErrors };

/** Client-side check with the schema the command API uses, so the messages are the server's own. */
export function checkCarerForm(values: CarerFormValues): CarerFormCheck {
  const request = formValuesToRequest(values);
  const result = createCarerRequestSchema.safeParse(request);
  if (result.success) return { ok: true, request };
  const errors: CarerFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in values && !errors[field as CarerFormField]) {
      errors[field as CarerFormField] = issue.message;
    }
  }
  return { ok: false, errors };
}
