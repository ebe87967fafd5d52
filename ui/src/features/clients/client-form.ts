import { createClientRequestSchema, type CareLevel, type ClientView, type CreateClientRequest } from '@care/events';
import { issuesByField } from '../../shared/form-errors';

/** What the form holds: text as typed (the shared schema trims and converts), lists, selects and a switch. */
export interface ClientFormValues {
  clientId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  careLevel: CareLevel;
  phoneNumber: string;
  address: string;
  postcode: string;
  latitude: string;
  longitude: string;
  emergencyContact: string;
  emergencyPhone: string;
  mobilityLevel: string;
  cognitiveLevel: string;
  medicalConditions: string[];
  medications: string[];
  allergies: string[];
  keyworkerCarerId: string;
  preferredCarers: string[];
  riskAssessment: string;
  careInstructions: string;
  gpPractice: string;
  gpPhone: string;
  isActive: boolean;
}

export type ClientFormField = keyof ClientFormValues;
export type ClientFormErrors = Partial<Record<ClientFormField, string>>;

/** The care level defaults to low. */
export const EMPTY_CLIENT_FORM: ClientFormValues = {
  clientId: '',
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  careLevel: 'low',
  phoneNumber: '',
  address: '',
  postcode: '',
  latitude: '',
  longitude: '',
  emergencyContact: '',
  emergencyPhone: '',
  mobilityLevel: '',
  cognitiveLevel: '',
  medicalConditions: [],
  medications: [],
  allergies: [],
  gpPractice: '',
  gpPhone: '',
  keyworkerCarerId: '',
  preferredCarers: [],
  riskAssessment: '',
  careInstructions: '',
  isActive: true,
};

/** The fields in the order the form shows them (the first one in error takes the focus). */
export const CLIENT_FORM_FIELDS = Object.keys(EMPTY_CLIENT_FORM) as ClientFormField[];

export function clientToFormValues(client: ClientView): ClientFormValues {
  return {
    clientId: client.clientId,
    firstName: client.firstName,
    lastName: client.lastName,
    dateOfBirth: client.dateOfBirth.slice(0, 10),
    careLevel: client.careLevel,
    phoneNumber: client.phoneNumber ?? '',
    address: client.address,
    postcode: client.postcode ?? '',
    latitude: client.latitude === null ? '' : String(client.latitude),
    longitude: client.longitude === null ? '' : String(client.longitude),
    emergencyContact: client.emergencyContact,
    emergencyPhone: client.emergencyPhone,
    mobilityLevel: client.mobilityLevel ?? '',
    cognitiveLevel: client.cognitiveLevel ?? '',
    medicalConditions: [...client.medicalConditions],
    medications: [...client.medications],
    allergies: [...client.allergies],
    keyworkerCarerId: client.keyworkerCarerId ?? '',
    preferredCarers: [...client.preferredCarers],
    riskAssessment: client.riskAssessment ?? '',
    careInstructions: client.careInstructions ?? '',
    gpPractice: client.gpPractice ?? '',
    gpPhone: client.gpPhone ?? '',
    isActive: client.isActive,
  };
}

/** The request body (create, and the same shape for an edit). Blank optional fields stay '': the schema reads them as "not set". */
export function formValuesToRequest(values: ClientFormValues): CreateClientRequest {
  return {
    ...values,
    medicalConditions: [...values.medicalConditions],
    medications: [...values.medications],
    allergies: [...values.allergies],
    preferredCarers: [...values.preferredCarers],
  };
}

export type ClientFormCheck = { ok: true; request: CreateClientRequest } | { ok: false; errors: ClientFormErrors };

/** Client-side check with the schema the command API uses, so the messages are the server's own. */
export function checkClientForm(values: ClientFormValues): ClientFormCheck {
  const request = formValuesToRequest(values);
  const result = createClientRequestSchema.safeParse(request);
  return result.success
    ? { ok: true, request }
    : { ok: false, errors: issuesByField(result.error, CLIENT_FORM_FIELDS) };
}
