import {
  allergiesMatching,
  changedFields,
  doseLabel,
  isDueDose,
  londonClock,
  marCodeLabel,
  marKeyEntry,
  MEDICATION_LIMITS,
  type AllergyOverride,
  type MarKeyEntry,
  type PrescriptionDetails,
  type PrescriptionEvent,
} from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { AdministrationInput, ClientFacts, PrescriptionCommand, Recorder } from './prescription-commands';
import type { ExistingPrescription, PrescriptionState } from './prescription-state';

export const PRESCRIPTION_NOT_FOUND = 'Medication not found';
export const RECORD_NOT_FOUND = 'Medication record not found';
/** A phone's clock may run a little ahead of the server's. */
const CLOCK_DRIFT_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;

function existing(state: PrescriptionState): ExistingPrescription {
  if (!state.exists) throw new DomainError('not_found', PRESCRIPTION_NOT_FOUND);
  return state;
}

function notDiscontinued(state: PrescriptionState): ExistingPrescription {
  const prescription = existing(state);
  if (prescription.status === 'discontinued')
    throw new DomainError('conflict', `${prescription.details.name} is discontinued`);
  return prescription;
}

/** Prescribing what the client is recorded as allergic to needs an explicit reason (kept on the event). */
function allergyOverride(name: string, client: ClientFacts, reason: string | null): AllergyOverride | null {
  const matched = allergiesMatching(name, client.allergies);
  if (matched.length === 0) return null;
  if (!reason) {
    throw new DomainError(
      'invalid',
      `${client.name} is recorded as allergic to ${matched.join(', ')}: give a reason to prescribe ${name} anyway`,
      'allergyOverrideReason',
    );
  }
  return { allergies: matched, reason };
}

const hhmm = (instant: string | number) => londonClock(new Date(instant));

/**
 * The key's entry for a code a record is to carry: on the key, and, where the code is newly chosen, not withdrawn
 * (a record that already carries a withdrawn code keeps it).
 */
function outcomeOf(key: readonly MarKeyEntry[], code: string, newlyChosen: boolean): MarKeyEntry {
  const entry = marKeyEntry(key, code);
  if (!entry) throw new DomainError('invalid', `"${code}" is not a code of the MAR chart's key`, 'code');
  if (entry.withdrawn && newlyChosen)
    throw new DomainError(
      'invalid',
      `"${code}" (${entry.label}) was withdrawn from the MAR chart's key: choose another code`,
      'code',
    );
  return entry;
}

/** Rules of a scheduled dose's outcome: a real dose, once, and not recorded as given before its window opens. */
function checkScheduledDose(
  prescription: ExistingPrescription,
  input: AdministrationInput & { dueAt: string },
  outcome: MarKeyEntry,
  key: readonly MarKeyEntry[],
  now: string,
): void {
  const name = prescription.details.name;
  if (!isDueDose(prescription.schedule, input.dueAt)) {
    throw new DomainError('invalid', `No dose of ${name} is due at ${doseLabel(input.dueAt)}`, 'dueAt');
  }
  const recordedId = prescription.byDue.get(input.dueAt);
  const recorded = recordedId === undefined ? undefined : prescription.records.get(recordedId);
  if (recorded) {
    throw new DomainError(
      'conflict',
      `The ${doseLabel(input.dueAt)} dose of ${name} already has an outcome (${marCodeLabel(key, recorded.code)}, recorded for ${hhmm(recorded.administeredAt)}): correct it with an amendment`,
    );
  }
  const opens = Date.parse(input.dueAt) - MEDICATION_LIMITS.doseWindowMinutes * 60_000;
  if (outcome.status === 'given' && Date.parse(now) < opens) {
    throw new DomainError(
      'conflict',
      `The ${doseLabel(input.dueAt)} dose of ${name} can be given from ${hhmm(opens)}`,
      'dueAt',
    );
  }
}

/** PRN: only a when-required medicine, while active, with its reason, its minimum interval and its 24-hour maximum. */
function checkPrnDose(prescription: ExistingPrescription, input: AdministrationInput, outcome: MarKeyEntry): void {
  const { name, prn } = prescription.details;
  if (!prn)
    throw new DomainError(
      'invalid',
      `${name} is not a when-required (PRN) medicine: choose the dose it is for`,
      'dueAt',
    );
  if (prescription.status !== 'active') throw new DomainError('conflict', `${name} is ${prescription.status}`);
  if (outcome.status !== 'given') return;
  if (!input.prnReason) throw new DomainError('invalid', 'Say why this when-required dose is given', 'prnReason');
  const at = Date.parse(input.administeredAt);
  const given = [...prescription.records.values()]
    .filter((record) => record.dueAt === null && record.status === 'given')
    .map((record) => Date.parse(record.administeredAt));
  const previous = given.filter((time) => time <= at);
  const last = previous.length === 0 ? undefined : Math.max(...previous);
  const intervalMs = prn.minIntervalMinutes * 60_000;
  if (last !== undefined && at - last < intervalMs) {
    throw new DomainError(
      'conflict',
      `Too soon: ${name} was last given at ${hhmm(last)} and needs at least ${intervalText(prn.minIntervalMinutes)} between doses; the next dose can be given from ${hhmm(last + intervalMs)}`,
      'administeredAt',
    );
  }
  const inDay = given.filter((time) => time > at - 24 * HOUR_MS && time <= at).length;
  if (inDay >= prn.maxDosesIn24h) {
    throw new DomainError(
      'conflict',
      `${name} has already been given ${inDay} ${inDay === 1 ? 'time' : 'times'} in the last 24 hours, the most allowed (${prn.maxDosesIn24h})`,
      'administeredAt',
    );
  }
}

function intervalText(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}`;
  return `${minutes} minutes`;
}

/** A second person witnesses each dose given where the medicine asks for it (e.g. controlled drugs). */
function checkWitness(details: PrescriptionDetails, status: string, witnessUserId: string | null, by: Recorder): void {
  if (!details.witnessRequired || status !== 'given') return;
  if (witnessUserId === null) {
    throw new DomainError(
      'invalid',
      `${details.name} needs a second person to witness each dose${details.controlledDrug ? ' (controlled drug)' : ''}`,
      'witnessUserId',
    );
  }
  if (witnessUserId === by.userId)
    throw new DomainError(
      'invalid',
      'The witness must be someone other than the person recording the dose',
      'witnessUserId',
    );
}

function checkReason(entry: MarKeyEntry, reason: string | null): void {
  if (entry.needsReason && !reason) throw new DomainError('invalid', `Give a reason for "${entry.label}"`, 'reason');
}

/**
 * The prescription aggregate's rules. Pure. Status: active ⇄ paused; active or paused → discontinued (final).
 * Doses: one outcome per due dose; PRN within its interval and 24-hour maximum; witness where required; a
 * mistaken record is amended, never replaced.
 */
export function decide(command: PrescriptionCommand, state: PrescriptionState): PrescriptionEvent[] {
  switch (command.type) {
    case 'Prescribe': {
      if (state.exists) throw new DomainError('conflict', 'Prescription already exists');
      const override = allergyOverride(command.details.name, command.client, command.allergyOverrideReason);
      return [
        {
          type: 'MedicationPrescribed',
          data: {
            id: command.id,
            clientId: command.clientId,
            details: command.details,
            effectiveAt: command.now,
            allergyOverride: override,
          },
        },
      ];
    }
    case 'ChangePrescription': {
      const prescription = notDiscontinued(state);
      const changes = changedFields(prescription.details, command.changes);
      if (Object.keys(changes).length === 0) return [];
      const next = { ...prescription.details, ...changes };
      if (next.doseTimes.length === 0 && !next.prn)
        throw new DomainError(
          'invalid',
          'Add at least one dose time, or make it a when-required (PRN) medicine',
          'doseTimes',
        );
      if (next.endDate !== null && next.endDate < next.startDate)
        throw new DomainError('invalid', 'End date cannot be before the start date', 'endDate');
      const override =
        changes.name === undefined
          ? null
          : allergyOverride(changes.name, command.client, command.allergyOverrideReason);
      return [
        {
          type: 'PrescriptionChanged',
          data: {
            id: command.id,
            clientId: prescription.clientId,
            changes,
            reason: command.reason,
            effectiveAt: command.now,
            allergyOverride: override,
          },
        },
      ];
    }
    case 'PausePrescription': {
      const prescription = notDiscontinued(state);
      if (prescription.status === 'paused')
        throw new DomainError('conflict', `${prescription.details.name} is already paused`);
      return [
        {
          type: 'PrescriptionPaused',
          data: { id: command.id, clientId: prescription.clientId, reason: command.reason, effectiveAt: command.now },
        },
      ];
    }
    case 'ResumePrescription': {
      const prescription = notDiscontinued(state);
      if (prescription.status !== 'paused')
        throw new DomainError('conflict', `${prescription.details.name} is not paused`);
      return [
        {
          type: 'PrescriptionResumed',
          data: { id: command.id, clientId: prescription.clientId, reason: command.reason, effectiveAt: command.now },
        },
      ];
    }
    case 'DiscontinuePrescription': {
      const prescription = notDiscontinued(state);
      return [
        {
          type: 'PrescriptionDiscontinued',
          data: { id: command.id, clientId: prescription.clientId, reason: command.reason, effectiveAt: command.now },
        },
      ];
    }
    case 'RecordAdministration': {
      const prescription = existing(state);
      const { input, by, now } = command;
      if (Date.parse(input.administeredAt) > Date.parse(now) + CLOCK_DRIFT_MS) {
        throw new DomainError('invalid', 'The time given cannot be in the future', 'administeredAt');
      }
      const outcome = outcomeOf(command.key, input.code, true);
      if (input.dueAt !== null)
        checkScheduledDose(prescription, { ...input, dueAt: input.dueAt }, outcome, command.key, now);
      else checkPrnDose(prescription, input, outcome);
      checkReason(outcome, input.reason);
      const status = outcome.status;
      checkWitness(prescription.details, status, input.witnessUserId, by);
      return [
        {
          type: 'MedicationAdministrationRecorded',
          data: {
            id: input.recordId,
            prescriptionId: command.id,
            clientId: prescription.clientId,
            carerId: by.carerId,
            appointmentId: by.appointmentId,
            dueAt: input.dueAt,
            code: input.code,
            status,
            administeredAt: input.administeredAt,
            doseGiven: input.doseGiven,
            reason: input.reason,
            prnReason: input.dueAt === null ? input.prnReason : null,
            witnessUserId: input.witnessUserId,
            notes: input.notes,
          },
        },
      ];
    }
    case 'AmendAdministration': {
      const prescription = existing(state);
      const record = prescription.records.get(command.recordId);
      if (!record) throw new DomainError('not_found', RECORD_NOT_FOUND);
      const current = {
        code: record.code,
        administeredAt: record.administeredAt,
        reason: record.reason,
        witnessUserId: record.witnessUserId,
      };
      const changes = changedFields<typeof current & { doseGiven?: string | null; notes?: string | null }>(
        current,
        command.changes,
      );
      if (command.changes.doseGiven !== undefined) changes.doseGiven = command.changes.doseGiven;
      if (command.changes.notes !== undefined) changes.notes = command.changes.notes;
      if (Object.keys(changes).length === 0) return [];
      const outcome = outcomeOf(command.key, changes.code ?? record.code, changes.code !== undefined);
      checkReason(outcome, changes.reason !== undefined ? changes.reason : record.reason);
      const status = outcome.status;
      checkWitness(
        prescription.details,
        status,
        changes.witnessUserId !== undefined ? changes.witnessUserId : record.witnessUserId,
        command.by,
      );
      return [
        {
          type: 'MedicationAdministrationAmended',
          data: {
            id: record.id,
            prescriptionId: command.id,
            clientId: prescription.clientId,
            changes: { ...changes, ...(changes.code !== undefined && { status }) },
            reason: command.reason,
          },
        },
      ];
    }
    case 'RecordPrnEffect': {
      const prescription = existing(state);
      const record = prescription.records.get(command.recordId);
      if (!record) throw new DomainError('not_found', RECORD_NOT_FOUND);
      if (record.dueAt !== null || record.status !== 'given')
        throw new DomainError('conflict', 'Only a when-required dose that was given has an effect to record');
      if (record.prnEffectRecorded) throw new DomainError('conflict', 'The effect of this dose is already recorded');
      return [
        {
          type: 'PrnEffectRecorded',
          data: {
            id: record.id,
            prescriptionId: command.id,
            clientId: prescription.clientId,
            effect: command.effect,
            notes: command.notes,
          },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
