import { z } from 'zod';
import { eventDate, eventInteger, eventText, eventTextList } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { MEDICATION_LIMITS, MEDICINE_FORMS, MEDICINE_ROUTES, SUPPORT_LEVELS } from './medication-enums';

/** "HH:mm", 24-hour: a London wall-clock time of day. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The PRN ("when required") protocol CQC asks for. */
export const prnProtocolSchema = z.object({
  /** The condition it treats, the reason to give it. */
  reason: eventText(TEXT_LIMITS.shortReason),
  dose: eventText(TEXT_LIMITS.reference),
  minIntervalMinutes: eventInteger(MEDICATION_LIMITS.prnMinIntervalMinutes),
  maxDosesIn24h: eventInteger(MEDICATION_LIMITS.prnMaxDosesIn24h),
  signsToLookFor: eventText(TEXT_LIMITS.shortReason).nullable(),
  tryFirst: eventText(TEXT_LIMITS.shortReason).nullable(),
  /** The order when several PRN medicines treat one thing. */
  order: eventText(TEXT_LIMITS.shortReason).nullable(),
  contactPrescriberWhen: eventText(TEXT_LIMITS.shortReason).nullable(),
});
export type PrnProtocol = z.infer<typeof prnProtocolSchema>;

/** Covert administration only with a recorded capacity assessment, best-interests decision and plan. */
export const covertPlanSchema = z.object({
  capacityAssessment: eventText(TEXT_LIMITS.shortReason),
  bestInterestsDecision: eventText(TEXT_LIMITS.shortReason),
  plan: eventText(TEXT_LIMITS.shortReason),
});
export type CovertPlan = z.infer<typeof covertPlanSchema>;

/** A prescription as the MAR needs it (the prescription's fields plus NICE NG67's MAR contents). */
export const prescriptionDetailsSchema = z.object({
  name: eventText(TEXT_LIMITS.title),
  strength: eventText(TEXT_LIMITS.reference).nullable(),
  form: z.enum(MEDICINE_FORMS),
  route: z.enum(MEDICINE_ROUTES),
  /** The dose per administration, e.g. "1 tablet", "10 ml". */
  dosage: eventText(TEXT_LIMITS.reference),
  /** As the prescriber wrote it, e.g. "Twice daily". */
  frequency: eventText(TEXT_LIMITS.reference),
  /** London wall-clock times each dose is due; empty for a PRN-only medicine. */
  doseTimes: z.array(z.string().max(5).regex(CLOCK_TIME)).max(MEDICATION_LIMITS.doseTimes),
  timeCritical: z.boolean(),
  prn: prnProtocolSchema.nullable(),
  instructions: eventText(TEXT_LIMITS.shortReason).nullable(),
  prescribedBy: eventText(TEXT_LIMITS.contactName),
  startDate: eventDate(),
  endDate: eventDate().nullable(),
  reviewDate: eventDate().nullable(),
  supportLevel: z.enum(SUPPORT_LEVELS),
  /** A second person witnesses each dose given (the agency's policy, e.g. controlled drugs). */
  witnessRequired: z.boolean(),
  controlledDrug: z.boolean(),
  overTheCounter: z.boolean(),
  covert: covertPlanSchema.nullable(),
  sideEffects: eventText(TEXT_LIMITS.shortReason).nullable(),
  interactions: eventText(TEXT_LIMITS.shortReason).nullable(),
});
export type PrescriptionDetails = z.infer<typeof prescriptionDetailsSchema>;

/** Prescribing something the client is recorded as allergic to: the allergies it matched and why it goes ahead. */
export const allergyOverrideSchema = z.object({
  allergies: eventTextList(50, TEXT_LIMITS.listEntry),
  reason: eventText(TEXT_LIMITS.shortReason),
});
export type AllergyOverride = z.infer<typeof allergyOverrideSchema>;
