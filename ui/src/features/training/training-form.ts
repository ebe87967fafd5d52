import { createTrainingRequestSchema, type CreateTrainingCommandInput, type TrainingView } from '@care/events';
import { issuesByField } from '../../shared/form-errors';

/** What the form holds: text as typed; the shared schema trims it and reads blanks as "not set". */
export interface TrainingFormValues {
  carerId: string;
  trainingType: string;
  trainingProvider: string;
  completedDate: string;
  expiryDate: string;
  certificateNumber: string;
  status: string;
  documentUrl: string;
  notes: string;
}

export type TrainingFormField = keyof TrainingFormValues;
export type TrainingFormErrors = Partial<Record<TrainingFormField, string>>;

export const TRAINING_FORM_FIELDS: readonly TrainingFormField[] = [
  'carerId',
  'trainingType',
  'trainingProvider',
  'completedDate',
  'expiryDate',
  'certificateNumber',
  'status',
  'documentUrl',
  'notes',
];

/** A new record is current unless said otherwise. */
export const EMPTY_TRAINING_FORM: TrainingFormValues = {
  carerId: '',
  trainingType: '',
  trainingProvider: '',
  completedDate: '',
  expiryDate: '',
  certificateNumber: '',
  status: 'current',
  documentUrl: '',
  notes: '',
};

export function trainingToFormValues(record: TrainingView): TrainingFormValues {
  return {
    carerId: record.carerId,
    trainingType: record.trainingType,
    trainingProvider: record.trainingProvider ?? '',
    completedDate: record.completedDate,
    expiryDate: record.expiryDate ?? '',
    certificateNumber: record.certificateNumber ?? '',
    status: record.status,
    documentUrl: record.documentUrl ?? '',
    notes: record.notes ?? '',
  };
}

export type TrainingFormCheck =
  | { ok: true; request: CreateTrainingCommandInput }
  | { ok: false; errors: TrainingFormErrors };

/**
 * Client-side check with the schema the command API uses, so the messages are the server's own. The request is
 * what the schema made of the values: trimmed, and blank optional fields as null (an
 * empty expiry date is sent as null).
 */
export function checkTrainingForm(values: TrainingFormValues): TrainingFormCheck {
  const result = createTrainingRequestSchema.safeParse(values);
  if (result.success) return { ok: true, request: result.data };
  return { ok: false, errors: issuesByField(result.error, TRAINING_FORM_FIELDS) };
}
