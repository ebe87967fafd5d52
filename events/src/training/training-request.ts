import { z } from 'zod';
import { TRAINING_STATUSES, TRAINING_TYPES } from '../enums';
import { optionalDate, optionalText, refuseUnsafeText, requiredDate } from '../fields';
import { TEXT_LIMITS } from '../limits';

export const EXPIRY_BEFORE_COMPLETED = 'Expiry date must be after the completed date';
const DOCUMENT_URL_MESSAGE = 'Document URL must be a web address starting with http:// or https://';

/**
 * A link to the certificate. Only http(s): a `javascript:` or `data:` URL would run in the browser of
 * whoever clicks it in the list. Blank means "no document".
 */
function optionalWebUrl(max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string({ error: DOCUMENT_URL_MESSAGE })
      .trim()
      .max(max, `Must be at most ${max} characters`)
      // z.url checks the address but keeps the text as sent, control characters included.
      .superRefine(refuseUnsafeText)
      .pipe(z.url({ protocol: /^https?$/i, error: DOCUMENT_URL_MESSAGE }))
      .nullable()
      .optional(),
  );
}

/** Fields of the training form, shared by the UI and the command API. */
const trainingFields = {
  carerId: z
    .string({ error: 'Carer is required' })
    .trim()
    .min(1, 'Carer is required')
    .pipe(z.uuid({ error: 'Carer not found' })),
  trainingType: z.enum(TRAINING_TYPES, { error: 'Training type is required' }),
  trainingProvider: optionalText(TEXT_LIMITS.provider),
  completedDate: requiredDate('Completed date is required'),
  /** Optional, and null when left empty. */
  expiryDate: optionalDate(),
  certificateNumber: optionalText(TEXT_LIMITS.certificateNumber),
  status: z.enum(TRAINING_STATUSES, { error: 'Status must be current, expiring soon, expired or pending' }),
  documentUrl: optionalWebUrl(TEXT_LIMITS.url),
  notes: optionalText(TEXT_LIMITS.notes),
};

/** An expiry before the completion cannot be right; the same day is allowed (a one-day certificate). */
function expiryNotBeforeCompleted(
  value: { completedDate?: string | undefined; expiryDate?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.completedDate && value.expiryDate && value.expiryDate < value.completedDate) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: EXPIRY_BEFORE_COMPLETED });
  }
}

export const createTrainingRequestSchema = z
  .object({ ...trainingFields, status: trainingFields.status.default('current') })
  .superRefine(expiryNotBeforeCompleted);
export type CreateTrainingRequest = z.input<typeof createTrainingRequestSchema>;
export type CreateTrainingCommandInput = z.output<typeof createTrainingRequestSchema>;

/**
 * PATCH: the same fields as create, every one optional; only the fields sent are changed. When only one of the
 * two dates is sent, the command checks it against the stored other one.
 */
export const updateTrainingRequestSchema = z.object(trainingFields).partial().superRefine(expiryNotBeforeCompleted);
export type UpdateTrainingRequest = z.input<typeof updateTrainingRequestSchema>;
export type UpdateTrainingCommandInput = z.output<typeof updateTrainingRequestSchema>;

/** POST /api/training/:id/renewal: the new completion; the record becomes current. */
export const renewTrainingRequestSchema = z
  .object({
    completedDate: trainingFields.completedDate,
    expiryDate: trainingFields.expiryDate,
    certificateNumber: trainingFields.certificateNumber,
  })
  .superRefine(expiryNotBeforeCompleted);
export type RenewTrainingRequest = z.input<typeof renewTrainingRequestSchema>;
export type RenewTrainingCommandInput = z.output<typeof renewTrainingRequestSchema>;
