import { carePlanReviewDue, carePlanReviewOverdue } from './care-plan-rules';
import { carerOverbooked } from './carer-day-rules';
import { diaryUrgent } from './diary-rules';
import { familyConcern } from './family-concern-rules';
import { invoiceOverdue } from './finance-rules';
import { contractRenewalDue } from './contract-rules';
import { incidentCritical, incidentDutyOverdue, incidentEscalated } from './incident-rules';
import { medicationDoseMissed, medicationRefusedTwice, medicationTimeCriticalMissed } from './medication-rules';
import { payrollBelowMinimumWage } from './payroll-rules';
import { registered, type RegisteredRule } from './rule';
import { trainingExpired, trainingExpiring } from './training-rules';
import { visitLate, visitMissed, visitUnassigned } from './visit-rules';
import { workingTimeOverLimit } from './working-time-rules';

/**
 * Every alert rule, in one place (docs/decisions/0016-alert-rules-in-one-registry.md; docs/features/alerts.md lists
 * them with their severity, and a test holds the two together). Later slices (medications, incidents, care plans,
 * finance) add theirs here.
 */
export const ALERT_RULES: readonly RegisteredRule[] = [
  registered(visitLate),
  registered(visitMissed),
  registered(visitUnassigned),
  registered(trainingExpiring),
  registered(trainingExpired),
  registered(carerOverbooked),
  registered(workingTimeOverLimit),
  registered(diaryUrgent),
  registered(carePlanReviewDue),
  registered(carePlanReviewOverdue),
  registered(incidentCritical),
  registered(incidentEscalated),
  registered(incidentDutyOverdue),
  registered(medicationDoseMissed),
  registered(medicationTimeCriticalMissed),
  registered(medicationRefusedTwice),
  registered(invoiceOverdue),
  registered(contractRenewalDue),
  registered(payrollBelowMinimumWage),
  registered(familyConcern),
];
