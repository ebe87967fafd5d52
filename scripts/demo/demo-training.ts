import { addDays, TRAINING_TYPES, type CreateTrainingRequest, type TrainingType } from '@care/events';

/**
 * 4 to 9 training records per demo carer across the training types, the same every time for the same `today`
 * (no randomness: everything derives from the carer's and the record's index). Dates are relative to `today`,
 * so every start shows a realistic mix: mostly current, some expiring within 30 days, some lapsed (expired by
 * date though still marked current, as happens when nobody updates the record), some marked expired, and some
 * pending (course attended, certificate awaited).
 */

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

type Variant = 'current' | 'expiring' | 'lapsed' | 'expired' | 'pending';

/** About 1 in 6 expiring soon, 1 in 12 each lapsed, marked expired and pending; the rest current. */
function variantOf(carerIndex: number, recordIndex: number): Variant {
  const slot = (carerIndex * 7 + recordIndex * 5) % 12;
  if (slot === 0) return 'expired';
  if (slot === 1) return 'lapsed';
  if (slot === 2 || slot === 3) return 'expiring';
  if (slot === 4) return 'pending';
  return 'current';
}

function record(carerId: string, carerIndex: number, recordIndex: number, today: string): CreateTrainingRequest {
  const trainingType = TRAINING_TYPES[(carerIndex + recordIndex * 3) % TRAINING_TYPES.length]!;
  const variant = variantOf(carerIndex, recordIndex);
  const validity = VALIDITY_DAYS[trainingType] ?? 365;
  const seed = carerIndex * 13 + recordIndex * 17;
  const provider = PROVIDERS[seed % PROVIDERS.length]!;

  let expiryDate: string | null;
  if (variant === 'expiring') expiryDate = addDays(today, 2 + (seed % 28));
  else if (variant === 'lapsed' || variant === 'expired') expiryDate = addDays(today, -(3 + (seed % 90)));
  else if (variant === 'pending' || VALIDITY_DAYS[trainingType] === null) expiryDate = null;
  // Still valid for longer than the expiring-soon window, and completed in the past.
  else expiryDate = addDays(today, 45 + (seed % (validity - 45)));

  const completedDate =
    variant === 'pending'
      ? addDays(today, -(1 + (seed % 14)))
      : expiryDate !== null
        ? addDays(expiryDate, -validity)
        : addDays(today, -(30 + (seed % 700)));
  const certificateNumber =
    variant === 'pending'
      ? null
      : `${CODES[trainingType]}-${completedDate.slice(0, 4)}-${String(1000 + seed * 7).slice(-4)}`;
  return {
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
}

export function demoTraining(carerIds: readonly string[], today: string /* YYYY-MM-DD */): CreateTrainingRequest[] {
  return carerIds.flatMap((carerId, carerIndex) =>
    Array.from({ length: 4 + (carerIndex % 6) }, (_, recordIndex) => record(carerId, carerIndex, recordIndex, today)),
  );
}
