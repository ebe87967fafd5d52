import { carePlanReviewDue, carePlanReviewOverdue } from './care-plan-rules';
import { carerOverbooked } from './carer-day-rules';
import { diaryUrgent } from './diary-rules';
import { registered, type RegisteredRule } from './rule';
import { trainingExpired, trainingExpiring } from './training-rules';
import { visitLate, visitMissed, visitUnassigned } from './visit-rules';

/**
 * Every alert rule, in one place (DESIGN.md 13; README "Alert rules" lists them with their severity, and a test
 * holds the two together). Later slices (medications, incidents, care plans, finance) add theirs here.
 */
export const ALERT_RULES: readonly RegisteredRule[] = [
  registered(visitLate),
  registered(visitMissed),
  registered(visitUnassigned),
  registered(trainingExpiring),
  registered(trainingExpired),
  registered(carerOverbooked),
  registered(diaryUrgent),
  registered(carePlanReviewDue),
  registered(carePlanReviewOverdue),
];
