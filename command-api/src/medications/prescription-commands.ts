import type { MarKeyEntry, PrescriptionDetails, PrnEffect } from '@care/events';

/** The client a prescription is for, as their own stream shows them now (allergies for the override rule). */
export interface ClientFacts {
  readonly name: string;
  readonly allergies: readonly string[];
}

/** Who records an outcome: their user id (a witness must be someone else) and, for a carer, their carer record and visit. */
export interface Recorder {
  readonly userId: string;
  readonly carerId: string | null;
  readonly appointmentId: string | null;
}

export interface AdministrationInput {
  readonly recordId: string;
  readonly dueAt: string | null;
  readonly code: string;
  readonly administeredAt: string;
  readonly doseGiven: string | null;
  readonly reason: string | null;
  readonly prnReason: string | null;
  readonly witnessUserId: string | null;
  readonly notes: string | null;
}

export interface AmendableRecord {
  readonly code: string;
  readonly administeredAt: string;
  readonly doseGiven: string | null;
  readonly reason: string | null;
  readonly witnessUserId: string | null;
  readonly notes: string | null;
}

export type PrescriptionCommand =
  | {
      readonly type: 'Prescribe';
      readonly id: string;
      readonly clientId: string;
      readonly client: ClientFacts;
      readonly details: PrescriptionDetails;
      readonly allergyOverrideReason: string | null;
      readonly now: string;
    }
  | {
      readonly type: 'ChangePrescription';
      readonly id: string;
      readonly client: ClientFacts;
      readonly changes: Partial<PrescriptionDetails>;
      readonly reason: string;
      readonly allergyOverrideReason: string | null;
      readonly now: string;
    }
  | {
      readonly type: 'PausePrescription' | 'ResumePrescription' | 'DiscontinuePrescription';
      readonly id: string;
      readonly reason: string;
      readonly now: string;
    }
  | {
      readonly type: 'RecordAdministration';
      readonly id: string;
      readonly input: AdministrationInput;
      readonly by: Recorder;
      readonly now: string;
      /** The MAR chart's key as it stands: the code must be on it and not withdrawn. */
      readonly key: readonly MarKeyEntry[];
    }
  | {
      readonly type: 'AmendAdministration';
      readonly id: string;
      readonly recordId: string;
      readonly changes: Partial<AmendableRecord>;
      readonly reason: string;
      readonly by: Recorder;
      readonly key: readonly MarKeyEntry[];
    }
  | {
      readonly type: 'RecordPrnEffect';
      readonly id: string;
      readonly recordId: string;
      readonly effect: PrnEffect;
      readonly notes: string | null;
    };
