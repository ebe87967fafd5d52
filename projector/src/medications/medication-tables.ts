import type { ColumnType } from 'kysely';
import type {
  AdministrationStatus,
  AllergyOverride,
  DoseSchedule,
  PrescriptionDetails,
  PrescriptionStatus,
  PrnEffect,
} from '@care/events';

type Instant = ColumnType<Date, string, string>;
type OptionalInstant = ColumnType<Date | null, string | null, string | null>;
type Json<T> = ColumnType<T, string, string>;
type Revision = ColumnType<string, string | bigint, string | bigint>;

/**
 * One row per prescription (the medications projection; GET /api/medications, Due & Overdue, the MAR chart). The
 * details are kept whole as the events give them; the columns the lists filter on are copied out beside them.
 * `schedule` is the dose schedule folded by the same function `decide` uses, so due doses agree on both sides.
 */
export interface PrescriptionsTable {
  id: string;
  client_id: string;
  name: string;
  status: PrescriptionStatus;
  time_critical: boolean;
  details: Json<PrescriptionDetails>;
  schedule: Json<DoseSchedule>;
  allergy_override: Json<AllergyOverride | null>;
  created_by: string;
  /** Why it was last changed, paused, resumed or discontinued. */
  status_reason: string | null;
  revision: Revision;
  created_at: Instant;
  updated_at: Instant;
}

/** Every version of a prescription: what each event changed, who, when and why (the history). */
export interface PrescriptionVersionsTable {
  prescription_id: string;
  revision: Revision;
  type: string;
  changes: Json<Record<string, unknown>>;
  reason: string | null;
  user_id: string;
  at: Instant;
}

/** One row per administration record (a dose's outcome), with its current values after amendments. */
export interface MedicationRecordsTable {
  id: string;
  prescription_id: string;
  client_id: string;
  carer_id: string | null;
  appointment_id: string | null;
  /** null: a PRN dose. */
  due_at: OptionalInstant;
  /** A code of the MAR chart's key (built in, or one the agency added: mar_codes). */
  code: string;
  status: AdministrationStatus;
  administered_at: Instant;
  dose_given: string | null;
  reason: string | null;
  prn_reason: string | null;
  witness_user_id: string | null;
  notes: string | null;
  recorded_by: string;
  recorded_at: Instant;
  /** How many times it was amended (the MAR chart flags amended records). */
  amendments: number;
  prn_effect: PrnEffect | null;
  revision: Revision;
  updated_at: Instant;
}

/** The agency's additions to the Medicine Database (the built-in 20 live in code). */
export interface ReferenceMedicinesTable {
  id: string;
  name: string;
  type: string;
  strengths: Json<string[]>;
  category: string;
  added_by: string;
  added_at: Instant;
}

/** The codes the agency added to the MAR chart's key (the built-in ones live in code). */
export interface MarCodesTable {
  code: string;
  label: string;
  status: AdministrationStatus;
  needs_reason: boolean;
  withdrawn: boolean;
  added_at: Instant;
}

export interface MedicationTables {
  reference_medicines: ReferenceMedicinesTable;
  mar_codes: MarCodesTable;
  prescriptions: PrescriptionsTable;
  prescription_versions: PrescriptionVersionsTable;
  medication_records: MedicationRecordsTable;
}
