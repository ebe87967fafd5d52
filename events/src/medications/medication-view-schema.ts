import { z } from 'zod';
import {
  ADMINISTRATION_STATUSES,
  MEDICINE_FORMS,
  MEDICINE_ROUTES,
  PRESCRIPTION_STATUSES,
  PRN_EFFECTS,
  SUPPORT_LEVELS,
} from './medication-enums';
import { ROLES } from '../enums';

/**
 * The read API's medication replies (a client's prescription and a medication administration record, plus
 * what a MAR needs). The types are inferred from these strict schemas, so the API
 * description and the replies cannot drift apart.
 */
const prnSchema = z.strictObject({
  reason: z.string(),
  dose: z.string(),
  minIntervalMinutes: z.number(),
  maxDosesIn24h: z.number(),
  signsToLookFor: z.string().nullable(),
  tryFirst: z.string().nullable(),
  order: z.string().nullable(),
  contactPrescriberWhen: z.string().nullable(),
});

export const medicationViewSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  clientId: z.uuid(),
  clientName: z.string().nullable(),
  prescribedBy: z.string(),
  /** Given ÷ doses due and not "not required", over 30 days, as a percentage to 1 decimal; null: none due. */
  adherence: z.number().nullable(),
  /** The earliest dose without an outcome (from 24 hours back); null: none (or PRN only). */
  nextDue: z.string().nullable(),
  status: z.enum(PRESCRIPTION_STATUSES),
  instructions: z.string().nullable(),
  strength: z.string().nullable(),
  form: z.enum(MEDICINE_FORMS),
  route: z.enum(MEDICINE_ROUTES),
  doseTimes: z.array(z.string()),
  timeCritical: z.boolean(),
  prn: prnSchema.nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  reviewDate: z.string().nullable(),
  supportLevel: z.enum(SUPPORT_LEVELS),
  witnessRequired: z.boolean(),
  controlledDrug: z.boolean(),
  overTheCounter: z.boolean(),
  covert: z
    .strictObject({ capacityAssessment: z.string(), bestInterestsDecision: z.string(), plan: z.string() })
    .nullable(),
  sideEffects: z.string().nullable(),
  interactions: z.string().nullable(),
  /** The client's recorded allergies, shown beside every prescription. */
  allergies: z.array(z.string()),
  allergyOverride: z.strictObject({ allergies: z.array(z.string()), reason: z.string() }).nullable(),
  statusReason: z.string().nullable(),
  revision: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MedicationView = z.infer<typeof medicationViewSchema>;

export const medicationRecordViewSchema = z.strictObject({
  id: z.uuid(),
  prescriptionId: z.uuid(),
  medicationName: z.string(),
  clientId: z.uuid(),
  clientName: z.string().nullable(),
  carerId: z.uuid().nullable(),
  carerName: z.string().nullable(),
  appointmentId: z.uuid().nullable(),
  status: z.enum(ADMINISTRATION_STATUSES),
  /** A code of the MAR chart's key (GET /api/medications/mar-codes gives its meaning). */
  code: z.string(),
  /** When the dose was due (null: a PRN dose). */
  scheduledTime: z.string().nullable(),
  actualTime: z.string(),
  doseGiven: z.string().nullable(),
  reason: z.string().nullable(),
  prnReason: z.string().nullable(),
  prnEffect: z.enum(PRN_EFFECTS).nullable(),
  notes: z.string().nullable(),
  /** Who recorded it. */
  signedBy: z.string().nullable(),
  witnessedBy: z.string().nullable(),
  amended: z.boolean(),
  recordedAt: z.string(),
});
export type MedicationRecordView = z.infer<typeof medicationRecordViewSchema>;

/** A scheduled dose without an outcome (Due & Overdue; the carer's visit). */
export const dueDoseViewSchema = z.strictObject({
  prescriptionId: z.uuid(),
  medicationName: z.string(),
  strength: z.string().nullable(),
  dosage: z.string(),
  route: z.enum(MEDICINE_ROUTES),
  clientId: z.uuid(),
  clientName: z.string().nullable(),
  dueAt: z.string(),
  /** The London wall-clock time, "HH:mm". */
  time: z.string(),
  overdue: z.boolean(),
  timeCritical: z.boolean(),
  witnessRequired: z.boolean(),
  instructions: z.string().nullable(),
});
export type DueDoseView = z.infer<typeof dueDoseViewSchema>;

export const medicationStatsSchema = z.strictObject({
  activeMedications: z.number(),
  dueNow: z.number(),
  overdue: z.number(),
  /** Over every active prescription's doses of the last 30 days; null when none were due. */
  avgAdherence: z.number().nullable(),
});
export type MedicationStats = z.infer<typeof medicationStatsSchema>;

export const adherenceRowSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  given: z.number(),
  due: z.number(),
  adherence: z.number().nullable(),
});
export const complianceSchema = z.strictObject({
  byClient: z.array(adherenceRowSchema),
  byMedicine: z.array(adherenceRowSchema),
});
export type ComplianceView = z.infer<typeof complianceSchema>;

export const drugInteractionSchema = z.strictObject({
  medicines: z.tuple([z.string(), z.string()]),
  severity: z.enum(['severe', 'moderate', 'mild']),
  effect: z.string(),
  watchFor: z.string(),
  source: z.string(),
  sourceUrl: z.string(),
});
/** An interaction among one client's active medicines (the Drug Interactions tab). */
export const clientInteractionSchema = z.strictObject({
  clientId: z.uuid(),
  clientName: z.string().nullable(),
  interaction: drugInteractionSchema,
});

/** One version of a prescription: what the event changed, who, when and why. */
/** GET /api/medications/witnesses: a colleague who may witness a dose. */
export const witnessOptionSchema = z.strictObject({ id: z.uuid(), name: z.string(), role: z.enum(ROLES) });
export type WitnessOption = z.infer<typeof witnessOptionSchema>;

export const prescriptionVersionSchema = z.strictObject({
  revision: z.string(),
  type: z.string(),
  changes: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  at: z.string(),
  by: z.string().nullable(),
});
export type PrescriptionVersionView = z.infer<typeof prescriptionVersionSchema>;

/** One cell of the MAR grid: a due dose on a day, its outcome's code and the recorder's initials. */
const marCellSchema = z.strictObject({
  date: z.string(),
  dueAt: z.string().nullable(),
  code: z.string().nullable(),
  initials: z.string().nullable(),
  amended: z.boolean(),
});
export const marChartSchema = z.strictObject({
  client: z.strictObject({
    id: z.uuid(),
    name: z.string(),
    clientId: z.string(),
    dateOfBirth: z.string().nullable(),
    address: z.string().nullable(),
    allergies: z.array(z.string()),
    /** From the client record; null where not recorded. */
    gpPractice: z.string().nullable(),
    gpPhone: z.string().nullable(),
  }),
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  codes: z.array(z.strictObject({ code: z.string(), label: z.string() })),
  medicines: z.array(
    z.strictObject({
      prescriptionId: z.uuid(),
      name: z.string(),
      strength: z.string().nullable(),
      form: z.string(),
      route: z.string(),
      dosage: z.string(),
      frequency: z.string(),
      startDate: z.string(),
      endDate: z.string().nullable(),
      reviewDate: z.string().nullable(),
      instructions: z.string().nullable(),
      supportLevel: z.string(),
      overTheCounter: z.boolean(),
      status: z.enum(PRESCRIPTION_STATUSES),
      prn: z.string().nullable(),
      rows: z.array(z.strictObject({ time: z.string(), cells: z.array(marCellSchema) })),
      /** PRN doses of the period: when, code and initials. */
      prnDoses: z.array(
        z.strictObject({
          at: z.string(),
          code: z.string(),
          initials: z.string().nullable(),
          reason: z.string().nullable(),
          amended: z.boolean(),
        }),
      ),
    }),
  ),
  amendments: z.number(),
});
export type MarChartView = z.infer<typeof marChartSchema>;

/** The Medicine Database (spec: name, type, strength options, category, commonDoses), built in or added by an admin. */
export const referenceMedicineViewSchema = z.strictObject({
  name: z.string(),
  type: z.string(),
  strengths: z.array(z.string()),
  category: z.string(),
  commonDoses: z.array(z.string()),
  controlledDrug: z.boolean(),
  timeCritical: z.boolean(),
  builtIn: z.boolean(),
});
export type ReferenceMedicineView = z.infer<typeof referenceMedicineViewSchema>;

/** GET /api/medications/mar-codes: the MAR chart's key, built-in codes first, then the agency's in the order added. */
export const marKeyEntrySchema = z.strictObject({
  code: z.string(),
  label: z.string(),
  status: z.enum(ADMINISTRATION_STATUSES),
  needsReason: z.boolean(),
  builtIn: z.boolean(),
  withdrawn: z.boolean(),
});
export type MarKeyEntryView = z.infer<typeof marKeyEntrySchema>;
