/**
 * Medications and the eMAR (Medication Management; NICE NG67, CQC Regulation 12).
 * The code list is what a MAR chart's key shows; each code belongs to one of the screen's administration statuses
 * (given, missed, refused) or to not_required, which adherence leaves out of the doses that were due.
 */
export const PRESCRIPTION_STATUSES = ['active', 'paused', 'discontinued'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

export const ADMINISTRATION_STATUSES = ['given', 'missed', 'refused', 'not_required'] as const;
export type AdministrationStatus = (typeof ADMINISTRATION_STATUSES)[number];

export const MEDICINE_FORMS = [
  'tablet',
  'capsule',
  'liquid',
  'inhaler',
  'injection',
  'patch',
  'cream',
  'drops',
  'spray',
  'other',
] as const;
export type MedicineForm = (typeof MEDICINE_FORMS)[number];

export const MEDICINE_ROUTES = [
  'oral',
  'inhaled',
  'topical',
  'transdermal',
  'subcutaneous',
  'intramuscular',
  'eye',
  'ear',
  'nasal',
  'rectal',
  'other',
] as const;
export type MedicineRoute = (typeof MEDICINE_ROUTES)[number];

/** CQC's levels of support: the carer gives it, reminds the client, or notes that the client took it themselves. */
export const SUPPORT_LEVELS = ['administer', 'prompt', 'self'] as const;
export type SupportLevel = (typeof SUPPORT_LEVELS)[number];

export interface MarCode {
  readonly code: string;
  readonly label: string;
  readonly status: AdministrationStatus;
  /** Whether the record needs a reason (everything not taken, except the self-explaining hospital and leave). */
  readonly needsReason: boolean;
}

/** The built-in MAR codes (the chart's key; an administrator may add more: mar-key.ts). */
export const MAR_CODES = [
  { code: 'T', label: 'Taken', status: 'given', needsReason: false },
  { code: 'P', label: 'Prompted and taken', status: 'given', needsReason: false },
  { code: 'PT', label: 'Partially taken', status: 'given', needsReason: true },
  { code: 'M', label: 'Made available (client takes it themselves)', status: 'given', needsReason: false },
  { code: 'R', label: 'Refused', status: 'refused', needsReason: true },
  { code: 'E', label: 'Refused and destroyed', status: 'refused', needsReason: true },
  { code: 'NT', label: 'Not taken (reason recorded)', status: 'missed', needsReason: true },
  { code: 'X', label: 'Missed', status: 'missed', needsReason: true },
  { code: 'NR', label: 'Not required', status: 'not_required', needsReason: true },
  { code: 'C', label: 'In hospital', status: 'not_required', needsReason: false },
  { code: 'D', label: 'Away on social leave', status: 'not_required', needsReason: false },
] as const satisfies readonly MarCode[];
export type MarCodeValue = (typeof MAR_CODES)[number]['code'];
/** The code "Mark as Missed" records. */
export const MISSED_CODE: MarCodeValue = 'X';

/** Whether a PRN dose helped, recorded later. */
export const PRN_EFFECTS = ['helped', 'partly', 'did_not_help'] as const;
export type PrnEffect = (typeof PRN_EFFECTS)[number];

export const MEDICATION_LIMITS = {
  /** A dose can be given from an hour before it is due; no outcome an hour after it is due is a missed dose. */
  doseWindowMinutes: 60,
  /** Time-critical medicines (Parkinson's, insulin): half an hour (NHS England's time-critical medicines list). */
  timeCriticalWindowMinutes: 30,
  /** Due Now, as the medications screen counts it: due within the next hour or earlier. */
  dueNowAheadMinutes: 60,
  /** Due & Overdue looks back this far for doses without an outcome; older ones are missed (and alerted). */
  overdueLookbackHours: 24,
  doseTimes: 12,
  prnMinIntervalMinutes: { min: 15, max: 24 * 60 },
  prnMaxDosesIn24h: { min: 1, max: 24 },
  /** A MAR chart covers up to 31 days. */
  marChartDays: 31,
  /** Medication records are kept at least 8 years after care ends (CQC), whatever the general retention. */
  retentionYears: 8,
} as const;
