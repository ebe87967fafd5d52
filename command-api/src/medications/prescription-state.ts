import {
  definedOnly,
  foldSchedule,
  type AdministrationStatus,
  type DoseSchedule,
  type PrescriptionDetails,
  type PrescriptionEvent,
  type PrescriptionStatus,
} from '@care/events';
import { assertNever } from '../shared/assert-never';

/** One recorded outcome, as `decide` needs it (the current values after amendments). */
export interface DoseRecord {
  readonly id: string;
  readonly dueAt: string | null;
  readonly code: string;
  readonly status: AdministrationStatus;
  readonly administeredAt: string;
  readonly reason: string | null;
  readonly witnessUserId: string | null;
  readonly prnEffectRecorded: boolean;
}

export interface ExistingPrescription {
  readonly exists: true;
  readonly id: string;
  readonly clientId: string;
  readonly details: PrescriptionDetails;
  readonly status: PrescriptionStatus;
  readonly schedule: DoseSchedule;
  readonly records: ReadonlyMap<string, DoseRecord>;
  /** Scheduled doses with an outcome: due instant → record id (one outcome per due dose). */
  readonly byDue: ReadonlyMap<string, string>;
}

export type PrescriptionState = { readonly exists: false } | ExistingPrescription;

export const initialPrescriptionState: PrescriptionState = { exists: false };

const withRecord = (state: ExistingPrescription, record: DoseRecord): ExistingPrescription => ({
  ...state,
  records: new Map(state.records).set(record.id, record),
});

/** Folds one prescription event into the state `decide` needs. Pure. */
export function evolve(state: PrescriptionState, event: PrescriptionEvent): PrescriptionState {
  if (event.type === 'MedicationPrescribed') {
    const fold = foldSchedule(undefined, event);
    if (!fold) return state;
    const { id, clientId, details } = event.data;
    return {
      exists: true,
      id,
      clientId,
      details,
      status: fold.status,
      schedule: fold.schedule,
      records: new Map(),
      byDue: new Map(),
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'PrescriptionChanged':
    case 'PrescriptionPaused':
    case 'PrescriptionResumed':
    case 'PrescriptionDiscontinued': {
      const fold = foldSchedule({ status: state.status, schedule: state.schedule }, event);
      const details =
        event.type === 'PrescriptionChanged' ? { ...state.details, ...definedOnly(event.data.changes) } : state.details;
      return fold ? { ...state, details, status: fold.status, schedule: fold.schedule } : state;
    }
    case 'MedicationAdministrationRecorded': {
      const { id, dueAt, code, status, administeredAt, reason, witnessUserId } = event.data;
      const next = withRecord(state, {
        id,
        dueAt,
        code,
        status,
        administeredAt,
        reason,
        witnessUserId,
        prnEffectRecorded: false,
      });
      return dueAt === null ? next : { ...next, byDue: new Map(state.byDue).set(dueAt, id) };
    }
    case 'MedicationAdministrationAmended': {
      const record = state.records.get(event.data.id);
      if (!record) return state;
      const { doseGiven: _dose, notes: _notes, ...changes } = definedOnly(event.data.changes);
      return withRecord(state, { ...record, ...changes });
    }
    case 'PrnEffectRecorded': {
      const record = state.records.get(event.data.id);
      return record ? withRecord(state, { ...record, prnEffectRecorded: true }) : state;
    }
    default:
      return assertNever(event);
  }
}
