import { z } from 'zod';
import { oneOf, optionalDate, optionalInstant, optionalText, requiredDate, requiredText, textList } from '../fields';
import { TEXT_LIMITS } from '../limits';
import {
  ADMINISTRATION_STATUSES,
  MEDICATION_LIMITS,
  MEDICINE_FORMS,
  MEDICINE_ROUTES,
  PRN_EFFECTS,
  SUPPORT_LEVELS,
} from './medication-enums';
import { MAR_CODE_PATTERN } from './mar-key';
import { CLOCK_TIME } from './prescription-details';
import { MEDICINE_CATEGORIES, REFERENCE_MEDICINE_TYPES } from './reference-medicines';

/** A code as typed ("h" is H); whether the key holds it is decided on the command side, which keeps the key. */
const marCodeField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .toUpperCase()
    .regex(
      MAR_CODE_PATTERN,
      `${label} must be a code of the MAR chart's key: 1 to 4 capital letters or digits, starting with a letter`,
    );
const whole = (label: string, limits: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(limits.min, `${label} must be at least ${limits.min}`)
    .max(limits.max, `${label} must be at most ${limits.max}`);

const prnRequestSchema = z.object({
  reason: requiredText('Reason to give is required', TEXT_LIMITS.shortReason),
  dose: requiredText('PRN dose is required', TEXT_LIMITS.reference),
  minIntervalMinutes: whole('Minimum interval', MEDICATION_LIMITS.prnMinIntervalMinutes),
  maxDosesIn24h: whole('Maximum doses in 24 hours', MEDICATION_LIMITS.prnMaxDosesIn24h),
  signsToLookFor: optionalText(TEXT_LIMITS.shortReason),
  tryFirst: optionalText(TEXT_LIMITS.shortReason),
  order: optionalText(TEXT_LIMITS.shortReason),
  contactPrescriberWhen: optionalText(TEXT_LIMITS.shortReason),
});

const covertRequestSchema = z.object({
  capacityAssessment: requiredText('Capacity assessment is required', TEXT_LIMITS.shortReason),
  bestInterestsDecision: requiredText('Best-interests decision is required', TEXT_LIMITS.shortReason),
  plan: requiredText('Covert administration plan is required', TEXT_LIMITS.shortReason),
});

const doseTimes = z
  .array(z.string().trim().regex(CLOCK_TIME, 'Each dose time must be a 24-hour time (HH:mm)'))
  .max(MEDICATION_LIMITS.doseTimes, `At most ${MEDICATION_LIMITS.doseTimes} dose times`)
  .transform((times) => [...new Set(times)].sort());

const allergyOverrideReason = optionalText(TEXT_LIMITS.shortReason);

const prescriptionFields = {
  name: requiredText('Medication name is required', TEXT_LIMITS.title),
  strength: optionalText(TEXT_LIMITS.reference),
  form: oneOf(MEDICINE_FORMS, 'Form'),
  route: oneOf(MEDICINE_ROUTES, 'Route'),
  dosage: requiredText('Dosage is required', TEXT_LIMITS.reference),
  frequency: requiredText('Frequency is required', TEXT_LIMITS.reference),
  doseTimes,
  timeCritical: z.boolean().default(false),
  prn: prnRequestSchema.nullable().optional(),
  instructions: optionalText(TEXT_LIMITS.shortReason),
  prescribedBy: requiredText('Prescribed by is required', TEXT_LIMITS.contactName),
  startDate: requiredDate('Start date is required'),
  endDate: optionalDate(),
  reviewDate: optionalDate(),
  supportLevel: oneOf(SUPPORT_LEVELS, 'Support level').default('administer'),
  witnessRequired: z.boolean().default(false),
  controlledDrug: z.boolean().default(false),
  overTheCounter: z.boolean().default(false),
  covert: covertRequestSchema.nullable().optional(),
  sideEffects: optionalText(TEXT_LIMITS.shortReason),
  interactions: optionalText(TEXT_LIMITS.shortReason),
};

const scheduleRules = <
  T extends {
    doseTimes?: string[] | undefined;
    prn?: unknown;
    startDate?: string | undefined;
    endDate?: string | null | undefined;
  },
>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.doseTimes !== undefined && value.doseTimes.length === 0 && !value.prn) {
    ctx.addIssue({
      code: 'custom',
      path: ['doseTimes'],
      message: 'Add at least one dose time, or make it a when-required (PRN) medicine',
    });
  }
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
  }
};

/** POST /api/medications: prescribe a medicine to a client. */
export const prescribeRequestSchema = z
  .object({ clientId: z.uuid({ error: 'Client is required' }), ...prescriptionFields, allergyOverrideReason })
  .superRefine(scheduleRules);
export type PrescribeRequest = z.input<typeof prescribeRequestSchema>;

/** PATCH /api/medications/:id: only the fields sent change; why is required (the history shows each version). */
export const changePrescriptionRequestSchema = z
  .object({
    ...prescriptionFields,
    timeCritical: z.boolean(),
    supportLevel: oneOf(SUPPORT_LEVELS, 'Support level'),
    witnessRequired: z.boolean(),
    controlledDrug: z.boolean(),
    overTheCounter: z.boolean(),
  })
  .partial()
  .extend({ reason: requiredText('Reason is required', TEXT_LIMITS.shortReason), allergyOverrideReason })
  .superRefine(scheduleRules);
export type ChangePrescriptionRequest = z.input<typeof changePrescriptionRequestSchema>;

/** POST /api/medications/:id/pause, /resume, /discontinue. */
export const prescriptionReasonRequestSchema = z.object({
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});

/**
 * POST /api/medications/:id/administrations: one outcome of a due dose (`dueAt`), or a PRN dose (no `dueAt`).
 * `administeredAt` defaults to now.
 */
export const recordAdministrationRequestSchema = z.object({
  dueAt: optionalInstant(),
  code: marCodeField('Outcome'),
  administeredAt: optionalInstant(),
  doseGiven: optionalText(TEXT_LIMITS.reference),
  reason: optionalText(TEXT_LIMITS.shortReason),
  prnReason: optionalText(TEXT_LIMITS.shortReason),
  witnessUserId: z.uuid({ error: 'Witness must be a valid id' }).nullable().optional(),
  appointmentId: z.uuid({ error: 'Visit must be a valid id' }).nullable().optional(),
  notes: optionalText(TEXT_LIMITS.visitNotes),
});
export type RecordAdministrationRequest = z.input<typeof recordAdministrationRequestSchema>;

/** POST /api/medications/:id/missed: Mark as Missed, with its reason. */
export const markMissedRequestSchema = z.object({
  dueAt: z.iso.datetime({ error: 'Due time is required' }),
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});

/** POST /api/medication-records/:id/amend: correct a record; the original stays. */
export const amendAdministrationRequestSchema = z.object({
  code: marCodeField('Outcome').optional(),
  administeredAt: optionalInstant(),
  doseGiven: optionalText(TEXT_LIMITS.reference),
  outcomeReason: optionalText(TEXT_LIMITS.shortReason),
  witnessUserId: z.uuid({ error: 'Witness must be a valid id' }).nullable().optional(),
  notes: optionalText(TEXT_LIMITS.visitNotes),
  reason: requiredText('Reason for the amendment is required', TEXT_LIMITS.shortReason),
});
export type AmendAdministrationRequest = z.input<typeof amendAdministrationRequestSchema>;

/** POST /api/medication-records/:id/prn-effect. */
export const prnEffectRequestSchema = z.object({
  effect: oneOf(PRN_EFFECTS, 'Effect'),
  notes: optionalText(TEXT_LIMITS.shortReason),
});

export const allergyListSchema = textList(50, TEXT_LIMITS.listEntry);

/** POST /api/medications/reference (admins): a medicine added to the Medicine Database. */
export const addReferenceMedicineRequestSchema = z.object({
  name: requiredText('Medicine name is required', TEXT_LIMITS.title),
  type: oneOf(REFERENCE_MEDICINE_TYPES, 'Type'),
  strengths: textList(20, TEXT_LIMITS.reference).refine((list) => list.length > 0, 'Give at least one strength'),
  category: oneOf(MEDICINE_CATEGORIES, 'Category'),
});
export type AddReferenceMedicineRequest = z.input<typeof addReferenceMedicineRequestSchema>;

/** POST /api/medications/mar-codes (admins): a code added to the MAR chart's key. */
export const addMarCodeRequestSchema = z.object({
  code: marCodeField('Code'),
  label: requiredText('Meaning is required', TEXT_LIMITS.title),
  status: oneOf(ADMINISTRATION_STATUSES, 'Counts as'),
  needsReason: z.boolean({ error: 'Needs a reason must be true or false' }).default(true),
});
export type AddMarCodeRequest = z.input<typeof addMarCodeRequestSchema>;

/** POST /api/medications/mar-codes/:code/withdrawal (admins): no longer offered for new records. */
export const withdrawMarCodeRequestSchema = z.object({
  reason: requiredText('Reason is required', TEXT_LIMITS.shortReason),
});
