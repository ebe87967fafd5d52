import {
  addDays,
  EXPIRING_SOON_DAYS,
  londonToday,
  TRAINING_TYPE_LABELS,
  ukDate,
  type TrainingType,
} from '@care/events';
import { latestTrainingOf, trainingExpiringBetween, type TrainingFact } from '@care/projector/rule-facts';
import type { AlertDraft, AlertRule, Cleared } from './rule';

/** A training alert is about one certificate: the carer, the type and its expiry (a renewal is a new subject). */
const subjectOf = (fact: TrainingFact): string => `${fact.carerId}/${fact.trainingType}/${fact.expiryDate ?? 'none'}`;
const labelOf = (type: string): string => TRAINING_TYPE_LABELS[type as TrainingType] ?? type;

function trainingDraft(fact: TrainingFact, title: string, description: string): AlertDraft {
  return {
    subject: subjectOf(fact),
    title,
    description,
    relatedKind: 'training',
    relatedId: fact.id,
    carerId: fact.carerId,
    clientId: null,
    appointmentId: null,
    actionRequired: 'Book the renewal and record the new certificate',
    dueDate: fact.expiryDate ? `${fact.expiryDate}T23:59:59.000Z` : null,
  };
}

/** Why the certificate in `subject` is no longer expiring (or expired): what the carer's training says now. */
async function trainingCleared(
  db: Parameters<AlertRule<TrainingFact>['whyCleared']>[0],
  subjects: readonly string[],
  now: Date,
  stillExpiredIsNews: boolean,
): Promise<Cleared[]> {
  const keys = subjects.map((subject) => {
    const [carerId = '', trainingType = '', expiry = ''] = subject.split('/');
    return { subject, carerId, trainingType, expiry };
  });
  const latest = await latestTrainingOf(db, [...new Set(keys.map((key) => key.carerId))]);
  const today = londonToday(now);
  const cleared: Cleared[] = [];
  for (const key of keys) {
    const current = latest.find((fact) => fact.carerId === key.carerId && fact.trainingType === key.trainingType);
    if (!current) cleared.push({ subject: key.subject, note: 'The training record was removed' });
    else if (!current.carerActive) cleared.push({ subject: key.subject, note: 'The carer is no longer active' });
    else if (current.expiryDate === null)
      cleared.push({ subject: key.subject, note: 'Renewed: the new certificate does not expire' });
    else if (current.expiryDate > key.expiry)
      cleared.push({ subject: key.subject, note: `Renewed: now expires on ${ukDate(current.expiryDate)}` });
    else if (stillExpiredIsNews && current.expiryDate < today) {
      cleared.push({ subject: key.subject, note: 'Expired: raised as expired training' });
    }
  }
  return cleared;
}

const TRAINING_EVENTS = [
  'TrainingRecorded',
  'TrainingRecordUpdated',
  'TrainingRenewed',
  'TrainingRecordRemoved',
  'CarerDeactivated',
  'CarerReactivated',
  'CarerRemoved',
  'CarerDetailsChanged',
] as const;

/** Training that counts for an active carer and expires within 30 days (today included). */
export const trainingExpiring: AlertRule<TrainingFact> = {
  name: 'training-expiring',
  severity: 'medium',
  summary:
    "An active carer's training expires within 30 days. Cleared by a renewal (or when it expires: see the next rule).",
  reads: ['training', 'carers'],
  watches: TRAINING_EVENTS,
  facts: (db, now) => trainingExpiringBetween(db, londonToday(now), addDays(londonToday(now), EXPIRING_SOON_DAYS)),
  holds: (facts) =>
    facts.map((fact) =>
      trainingDraft(
        fact,
        `${labelOf(fact.trainingType)} training expiring`,
        `${fact.carerFirstName} ${fact.carerLastName}'s ${labelOf(fact.trainingType)} certificate expires on ${ukDate(fact.expiryDate ?? '')}.`,
      ),
    ),
  whyCleared: (db, subjects, now) => trainingCleared(db, subjects, now, true),
};

/** Training that counts for an active carer and has expired: they must not do that work until renewed. */
export const trainingExpired: AlertRule<TrainingFact> = {
  name: 'training-expired',
  severity: 'high',
  summary: "An active carer's training has expired (no later certificate of the type). Cleared by a renewal.",
  reads: ['training', 'carers'],
  watches: TRAINING_EVENTS,
  facts: (db, now) => trainingExpiringBetween(db, '1900-01-01', addDays(londonToday(now), -1)),
  holds: (facts) =>
    facts.map((fact) =>
      trainingDraft(
        fact,
        `${labelOf(fact.trainingType)} training expired`,
        `${fact.carerFirstName} ${fact.carerLastName}'s ${labelOf(fact.trainingType)} certificate expired on ${ukDate(fact.expiryDate ?? '')}.`,
      ),
    ),
  whyCleared: (db, subjects, now) => trainingCleared(db, subjects, now, false),
};
