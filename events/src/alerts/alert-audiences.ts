import { can } from '../access/permissions';
import type { Role } from '../enums';

/**
 * Who acts on an alert: `care` (visits, medication, diary, incidents, care plans, emergencies), `people` (training,
 * overbooking, working time) and `finance` (invoices, contracts, payroll). Every alert also reaches the carer it
 * names, whatever its audience. A person's bell counts only the audiences they read and follow, so an overdue invoice
 * never hides a missed visit from the people who attend to visits.
 */
export const ALERT_AUDIENCES = ['care', 'people', 'finance'] as const;
export type AlertAudience = (typeof ALERT_AUDIENCES)[number];

export const ALERT_AUDIENCE_LABELS: Record<AlertAudience, string> = {
  care: 'Care',
  people: 'People',
  finance: 'Finance',
};

/**
 * The audience of each rule of the rules registry (a test holds the two together). Kept here, beside the events,
 * because the projector and the read API decide who reads an alert from its rule alone: alerts raised before a rule
 * had an audience fall into theirs when the read models are rebuilt.
 */
export const ALERT_RULE_AUDIENCES: Readonly<Record<string, AlertAudience>> = {
  'visit-late': 'care',
  'visit-missed': 'care',
  'visit-unassigned': 'care',
  'diary-urgent': 'care',
  'care-plan-review-due': 'care',
  'care-plan-review-overdue': 'care',
  'incident-critical': 'care',
  'incident-escalated': 'care',
  'incident-duty-overdue': 'care',
  'medication-dose-missed': 'care',
  'medication-time-critical-missed': 'care',
  'medication-refused-twice': 'care',
  'training-expiring': 'people',
  'training-expired': 'people',
  'carer-overbooked': 'people',
  'working-time-over-limit': 'people',
  'invoice-overdue': 'finance',
  'contract-renewal-due': 'finance',
  'payroll-below-minimum-wage': 'finance',
  'family-concern': 'care',
};

/** An alert's audience from its rule; an alert a person raised by hand (or an emergency) is the care team's. */
export function alertAudienceOf(rule: string): AlertAudience {
  return ALERT_RULE_AUDIENCES[rule] ?? 'care';
}

/**
 * The audiences a role reads: staff who read every alert (alerts.read) read care and people alerts; finance alerts
 * also need financeAlerts.read (administrators, who chase invoices and correct pay, and auditors, who read everything).
 * Anyone else reads only the alerts about their own carer record.
 */
export function alertAudiencesReadBy(role: Role): AlertAudience[] {
  if (!can(role, 'alerts.read')) return [];
  return ALERT_AUDIENCES.filter((audience) => audience !== 'finance' || can(role, 'financeAlerts.read'));
}

/**
 * The audiences a person's bell follows: those they chose (null: never chosen, so every one) that their role still
 * reads. A role that loses an audience drops it from the bell at once, whatever was chosen before.
 */
export function followedAlertAudiences(role: Role, chosen: readonly AlertAudience[] | null): AlertAudience[] {
  return alertAudiencesReadBy(role).filter((audience) => chosen === null || chosen.includes(audience));
}

/**
 * Rules whose subjects come in numbers show as one row per group, not one per subject. The group is the rule's name
 * unless the alert names a narrower one (a payroll run); single-subject rules, critical ones above all, never group.
 */
export const GROUPED_ALERT_RULES: ReadonlySet<string> = new Set([
  'invoice-overdue',
  'contract-renewal-due',
  'training-expiring',
  'training-expired',
  'care-plan-review-due',
  'care-plan-review-overdue',
  'payroll-below-minimum-wage',
]);

/** The group an alert belongs to (null: it stands alone). */
export function alertGroupOf(rule: string, group: string | null | undefined): string | null {
  if (!GROUPED_ALERT_RULES.has(rule)) return null;
  return group ?? rule;
}
