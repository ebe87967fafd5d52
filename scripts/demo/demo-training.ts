import {
  addDays,
  TRAINING_TYPES,
  type CreateTrainingRequest,
  type RenewTrainingRequest,
  type TrainingType,
} from '@care/events';

/**
 * 4 to 9 training records per demo carer across the training types, the same every time for the same `today`
 * (no randomness: everything derives from the carer's and the record's index). Dates are relative to `today`. Most
 * certificates are current; about a third of the rest fell due during the quarter and the office booked the refresher
 * a week or three before they expired (the record is entered as it stood when the quarter began, then renewed); a
 * few expire within 30 days, one or two have expired (one still marked current: nobody updated the record), and some
 * are pending (course attended, certificate awaited).
 */
export interface DemoTraining {
  readonly record: CreateTrainingRequest;
  /** The refresher recorded during the quarter, before the certificate expired; null when none was due. */
  readonly renewal: RenewTrainingRequest | null;
}

/** How long a certificate is usually valid in UK home care; null: no expiry (a one-off course). */
const VALIDITY_DAYS: Record<TrainingType, number | null> = {
  cpr: 365,
  first_aid: 3 * 365,
  medication: 365,
  safeguarding: 3 * 365,
  manual_handling: 365,
  food_safety: 3 * 365,
  infection_control: 365,
  dementia_care: null,
  mental_health: null,
  other: 2 * 365,
};

const CODES: Record<TrainingType, string> = {
  cpr: 'CPR',
  first_aid: 'FA',
  medication: 'MED',
  safeguarding: 'SG',
  manual_handling: 'MH',
  food_safety: 'FS',
  infection_control: 'IC',
  dementia_care: 'DC',
  mental_health: 'MHA',
  other: 'OTH',
};

const PROVIDERS = [
  'St John Ambulance',
  'British Red Cross',
  'Skills for Care',
  'Local Authority Training Team',
  'In-house Care Academy',
  'Social Care Training Ltd',
];

type Variant = 'current' | 'renewed' | 'expiring' | 'lapsed' | 'expired' | 'pending';

/**
 * One record in twelve pending, a third renewed during the quarter, a few of those instead expiring soon and one or
 * two expired; the rest current. `n` counts the records of every carer, so the rare cases fall on different carers.
 */
function variantOf(carerIndex: number, recordIndex: number, n: number): Variant {
  const slot = (carerIndex * 7 + recordIndex * 5) % 12;
  if (slot === 4) return 'pending';
  if (slot > 3) return 'current';
  if (n % 41 === 7) return 'expired';
  if (n % 41 === 18) return 'lapsed';
  if (n % 11 === 3) return 'expiring';
  return 'renewed';
}

function training(carerId: string, carerIndex: number, recordIndex: number, n: number, today: string): DemoTraining {
  const trainingType = TRAINING_TYPES[(carerIndex + recordIndex * 3) % TRAINING_TYPES.length]!;
  const expires = VALIDITY_DAYS[trainingType] !== null;
  const chosen = variantOf(carerIndex, recordIndex, n);
  // A course without an expiry is never renewed, expiring or expired.
  const variant = !expires && chosen !== 'pending' ? 'current' : chosen;
  const validity = VALIDITY_DAYS[trainingType] ?? 365;
  const seed = carerIndex * 13 + recordIndex * 17;
  const provider = PROVIDERS[seed % PROVIDERS.length]!;

  let expiryDate: string | null;
  if (variant === 'expiring') expiryDate = addDays(today, 2 + (seed % 28));
  else if (variant === 'lapsed' || variant === 'expired') expiryDate = addDays(today, -(3 + (seed % 40)));
  // Fell due during the quarter (the renewal below came before it).
  else if (variant === 'renewed') expiryDate = addDays(today, -(3 + (seed % 60)));
  else if (variant === 'pending' || !expires) expiryDate = null;
  // Still valid for longer than the expiring-soon window, and completed in the past.
  else expiryDate = addDays(today, 45 + (seed % (validity - 45)));

  const completedDate =
    variant === 'pending'
      ? addDays(today, -(1 + (seed % 14)))
      : expiryDate !== null
        ? addDays(expiryDate, -validity)
        : addDays(today, -(30 + (seed % 700)));
  const certificate = (completed: string) =>
    `${CODES[trainingType]}-${completed.slice(0, 4)}-${String(1000 + seed * 7).slice(-4)}`;
  const certificateNumber = variant === 'pending' ? null : certificate(completedDate);
  const record: CreateTrainingRequest = {
    carerId,
    trainingType,
    trainingProvider: provider,
    completedDate,
    expiryDate,
    certificateNumber,
    status: variant === 'expired' ? 'expired' : variant === 'pending' ? 'pending' : 'current',
    documentUrl:
      certificateNumber && seed % 3 === 0 ? `https://training.example.org/certificates/${certificateNumber}.pdf` : null,
    notes:
      variant === 'pending'
        ? 'Course attended; certificate awaited from the provider.'
        : variant === 'expired'
          ? 'Refresher to be booked.'
          : null,
  };
  if (variant !== 'renewed' || expiryDate === null) return { record, renewal: null };
  const renewed = addDays(expiryDate, -(7 + (seed % 14)));
  return {
    record,
    renewal: {
      completedDate: renewed,
      expiryDate: addDays(renewed, validity),
      certificateNumber: certificate(renewed),
    },
  };
}

export function demoTraining(carerIds: readonly string[], today: string /* YYYY-MM-DD */): DemoTraining[] {
  let n = 0;
  return carerIds.flatMap((carerId, carerIndex) =>
    Array.from({ length: 4 + (carerIndex % 6) }, (_, recordIndex) =>
      training(carerId, carerIndex, recordIndex, n++, today),
    ),
  );
}
