import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInstant, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { marCodeText, marKeyEvents, type MarKeyEvent } from './mar-key';
import { ADMINISTRATION_STATUSES, PRN_EFFECTS } from './medication-enums';
import { allergyOverrideSchema, prescriptionDetailsSchema } from './prescription-details';

/**
 * A prescription and every dose recorded against it live in one stream, `prescription-<id>`: one outcome per due
 * dose and the PRN interval and 24-hour maximum are decided on the stream and appended with its revision, so two
 * carers recording one dose at the same instant cannot both succeed. Who did each step is the metadata's userId;
 * `effectiveAt` is when a change takes effect (the instant it was recorded), so the dose schedule is a pure fold.
 * Every event carries `clientId` (the audit finds a client's file through it).
 */
const base = { id: z.uuid(), clientId: z.uuid() };
const reason = eventText(TEXT_LIMITS.shortReason);

export const MedicationPrescribed = defineEvent(
  'MedicationPrescribed',
  1,
  z.object({
    ...base,
    details: prescriptionDetailsSchema,
    effectiveAt: eventInstant(),
    allergyOverride: allergyOverrideSchema.nullable(),
  }),
);
export const PrescriptionChanged = defineEvent(
  'PrescriptionChanged',
  1,
  z.object({
    ...base,
    changes: prescriptionDetailsSchema.partial(),
    reason,
    effectiveAt: eventInstant(),
    allergyOverride: allergyOverrideSchema.nullable(),
  }),
);
export const PrescriptionPaused = defineEvent(
  'PrescriptionPaused',
  1,
  z.object({ ...base, reason, effectiveAt: eventInstant() }),
);
export const PrescriptionResumed = defineEvent(
  'PrescriptionResumed',
  1,
  z.object({ ...base, reason, effectiveAt: eventInstant() }),
);
export const PrescriptionDiscontinued = defineEvent(
  'PrescriptionDiscontinued',
  1,
  z.object({ ...base, reason, effectiveAt: eventInstant() }),
);

/** Who witnessed a dose (a second signed-in user of the agency). */
const witness = z.uuid().nullable();

/**
 * One outcome of one dose. `id` is derived from the prescription and the due instant for a scheduled dose (the
 * same dose always has the same record id); a PRN dose has its own. `dueAt` is null for PRN.
 */
export const MedicationAdministrationRecorded = defineEvent(
  'MedicationAdministrationRecorded',
  1,
  z.object({
    id: z.uuid(),
    prescriptionId: z.uuid(),
    clientId: z.uuid(),
    carerId: z.uuid().nullable(),
    appointmentId: z.uuid().nullable(),
    dueAt: eventInstant().nullable(),
    code: marCodeText(),
    status: z.enum(ADMINISTRATION_STATUSES),
    /** When it was given, offered or found not taken. */
    administeredAt: eventInstant(),
    doseGiven: eventText(TEXT_LIMITS.reference).nullable(),
    reason: eventText(TEXT_LIMITS.shortReason).nullable(),
    prnReason: eventText(TEXT_LIMITS.shortReason).nullable(),
    witnessUserId: witness,
    notes: eventText(TEXT_LIMITS.visitNotes).nullable(),
  }),
);

/** A mistaken record corrected: only the changed fields and why; the original stays in the stream. */
export const MedicationAdministrationAmended = defineEvent(
  'MedicationAdministrationAmended',
  1,
  z.object({
    id: z.uuid(),
    prescriptionId: z.uuid(),
    clientId: z.uuid(),
    changes: z
      .object({
        code: marCodeText(),
        status: z.enum(ADMINISTRATION_STATUSES),
        administeredAt: eventInstant(),
        doseGiven: eventText(TEXT_LIMITS.reference).nullable(),
        reason: eventText(TEXT_LIMITS.shortReason).nullable(),
        witnessUserId: witness,
        notes: eventText(TEXT_LIMITS.visitNotes).nullable(),
      })
      .partial(),
    reason,
  }),
);

/** Later: whether a PRN dose helped. */
export const PrnEffectRecorded = defineEvent(
  'PrnEffectRecorded',
  1,
  z.object({
    id: z.uuid(),
    prescriptionId: z.uuid(),
    clientId: z.uuid(),
    effect: z.enum(PRN_EFFECTS),
    notes: eventText(TEXT_LIMITS.shortReason).nullable(),
  }),
);

export const prescriptionEvents = [
  MedicationPrescribed,
  PrescriptionChanged,
  PrescriptionPaused,
  PrescriptionResumed,
  PrescriptionDiscontinued,
  MedicationAdministrationRecorded,
  MedicationAdministrationAmended,
  PrnEffectRecorded,
] as const;
export type PrescriptionEvent = EventOf<typeof prescriptionEvents>;

/**
 * A client's prescriptions, as an index stream `client-prescriptions-<clientId>`: check-out reads it (never a read
 * model) to find the doses due in the visit.
 */
export const ClientPrescriptionListed = defineEvent(
  'ClientPrescriptionListed',
  1,
  z.object({ clientId: z.uuid(), prescriptionId: z.uuid() }),
);
export const clientPrescriptionIndexEvents = [ClientPrescriptionListed] as const;
export type ClientPrescriptionIndexEvent = EventOf<typeof clientPrescriptionIndexEvents>;

export const prescriptionStreamId = (id: string): string => `prescription-${id}`;
export const clientPrescriptionsStreamId = (clientId: string): string => `client-prescriptions-${clientId}`;

/**
 * The agency's own additions to the Medicine Database (medications.reference), all on one stream,
 * `medication-reference`, so a name is added once: the stream revision orders two admins adding at once.
 */
export const ReferenceMedicineAdded = defineEvent(
  'ReferenceMedicineAdded',
  1,
  z.object({
    id: z.uuid(),
    name: eventText(TEXT_LIMITS.title),
    type: z.enum(['Tablet', 'Capsule', 'Inhaler', 'Injection']),
    strengths: z.array(eventText(TEXT_LIMITS.reference)).max(20),
    category: eventText(TEXT_LIMITS.reference),
  }),
);
export const referenceMedicineEvents = [ReferenceMedicineAdded] as const;
export type ReferenceMedicineEvent = EventOf<typeof referenceMedicineEvents>;
export const REFERENCE_MEDICINES_STREAM = 'medication-reference';

export const medicationSliceEvents = [
  ...prescriptionEvents,
  ...clientPrescriptionIndexEvents,
  ...referenceMedicineEvents,
  ...marKeyEvents,
] as const;
export type MedicationSliceEvent =
  | PrescriptionEvent
  | ClientPrescriptionIndexEvent
  | ReferenceMedicineEvent
  | MarKeyEvent;
