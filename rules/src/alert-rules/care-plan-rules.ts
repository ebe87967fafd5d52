import { addDays, CARE_PLAN_REVIEW_DUE_DAYS, londonToday, ukDate } from '@care/events';
import { carePlanReviewsBetween, carePlansById, type CarePlanReviewFact } from '@care/projector/rule-facts';
import type { AlertDraft, AlertRule, Cleared } from './rule';

/** A review alert is about one plan and one review date: a new date (rescheduled or reviewed) is a new subject. */
const subjectOf = (fact: CarePlanReviewFact): string => `${fact.id}/${fact.reviewDate}`;

function reviewDraft(fact: CarePlanReviewFact, title: string, description: string): AlertDraft {
  return {
    subject: subjectOf(fact),
    title,
    description,
    relatedKind: 'care_plan',
    relatedId: fact.id,
    carerId: null,
    clientId: fact.clientId,
    appointmentId: null,
    actionRequired: 'Review the plan with the client (or their representative) and record the review',
    dueDate: `${fact.reviewDate}T23:59:59.000Z`,
  };
}

/** What the plan says now about review alerts that stopped holding. */
async function reviewCleared(
  db: Parameters<AlertRule<CarePlanReviewFact>['whyCleared']>[0],
  subjects: readonly string[],
  now: Date,
  overdueIsNews: boolean,
): Promise<Cleared[]> {
  const keys = subjects.map((subject) => {
    const [id = '', date = ''] = subject.split('/');
    return { subject, id, date };
  });
  const plans = await carePlansById(db, [...new Set(keys.map((key) => key.id))]);
  const today = londonToday(now);
  const cleared: Cleared[] = [];
  for (const key of keys) {
    const plan = plans.find((fact) => fact.id === key.id);
    if (!plan || plan.status === 'inactive')
      cleared.push({ subject: key.subject, note: 'The care plan is no longer in use' });
    else if (plan.reviewDate !== key.date)
      cleared.push({
        subject: key.subject,
        note: `Reviewed or rescheduled: next review on ${ukDate(plan.reviewDate)}`,
      });
    else if (overdueIsNews && plan.reviewDate < today)
      cleared.push({ subject: key.subject, note: 'Overdue: raised as an overdue review' });
  }
  return cleared;
}

const CARE_PLAN_EVENTS = [
  'CarePlanCreated',
  'CarePlanReviewScheduled',
  'CarePlanReviewRecorded',
  'CarePlanStatusChanged',
] as const;

const planName = (fact: CarePlanReviewFact) =>
  `${fact.clientName ? `${fact.clientName}'s` : 'A'} care plan "${fact.title}"`;

/** A plan in use whose review falls within 30 days (today included). */
export const carePlanReviewDue: AlertRule<CarePlanReviewFact> = {
  name: 'care-plan-review-due',
  severity: 'medium',
  summary:
    'A care plan in use is due for review within 30 days. Cleared when the review is recorded or rescheduled (or when it falls overdue: see the next rule).',
  reads: ['care_plans'],
  watches: CARE_PLAN_EVENTS,
  facts: (db, now) =>
    carePlanReviewsBetween(db, londonToday(now), addDays(londonToday(now), CARE_PLAN_REVIEW_DUE_DAYS)),
  holds: (facts) =>
    facts.map((fact) =>
      reviewDraft(fact, 'Care plan review due', `${planName(fact)} is due for review on ${ukDate(fact.reviewDate)}.`),
    ),
  whyCleared: (db, subjects, now) => reviewCleared(db, subjects, now, true),
};

/** A plan in use whose review date has passed without a review recorded. */
export const carePlanReviewOverdue: AlertRule<CarePlanReviewFact> = {
  name: 'care-plan-review-overdue',
  severity: 'high',
  summary:
    'A care plan in use has passed its review date without a review. Cleared when the review is recorded or rescheduled.',
  reads: ['care_plans'],
  watches: CARE_PLAN_EVENTS,
  facts: (db, now) => carePlanReviewsBetween(db, '1900-01-01', addDays(londonToday(now), -1)),
  holds: (facts) =>
    facts.map((fact) =>
      reviewDraft(
        fact,
        'Care plan review overdue',
        `${planName(fact)} was due for review on ${ukDate(fact.reviewDate)} and has not been reviewed.`,
      ),
    ),
  whyCleared: (db, subjects, now) => reviewCleared(db, subjects, now, false),
};
