import type { AlertSeverity } from '../enums';

/**
 * Every rule of the rules registry with its label and severity (a test in the rules package holds the two together).
 * Kept beside the events because the command API refuses a switch for a name that is no rule, and the read API and
 * the UI list the rules, and neither may depend on the rules process.
 */
export const ALERT_RULE_CATALOGUE: Readonly<
  Record<string, { readonly label: string; readonly severity: AlertSeverity }>
> = {
  'visit-late': { label: 'Visit running late', severity: 'high' },
  'visit-missed': { label: 'Visit missed', severity: 'critical' },
  'visit-unassigned': { label: 'Visit without a carer', severity: 'medium' },
  'training-expiring': { label: 'Training expiring', severity: 'medium' },
  'training-expired': { label: 'Training expired', severity: 'high' },
  'carer-overbooked': { label: 'Carer overbooked', severity: 'low' },
  'working-time-over-limit': { label: 'Over weekly working time', severity: 'medium' },
  'diary-urgent': { label: 'Urgent diary entry', severity: 'high' },
  'care-plan-review-due': { label: 'Care plan review due', severity: 'medium' },
  'care-plan-review-overdue': { label: 'Care plan review overdue', severity: 'high' },
  'incident-critical': { label: 'Critical incident', severity: 'critical' },
  'incident-escalated': { label: 'Incident escalated', severity: 'high' },
  'incident-duty-overdue': { label: 'Incident duty overdue', severity: 'high' },
  'medication-dose-missed': { label: 'Medication dose missed', severity: 'high' },
  'medication-time-critical-missed': { label: 'Time-critical medication missed', severity: 'critical' },
  'medication-refused-twice': { label: 'Medication refused twice', severity: 'medium' },
  'invoice-overdue': { label: 'Invoice overdue', severity: 'medium' },
  'contract-renewal-due': { label: 'Contract renewal due', severity: 'medium' },
  'payroll-below-minimum-wage': { label: 'Pay below the minimum wage', severity: 'high' },
  'family-concern': { label: 'Concern raised by family', severity: 'high' },
};

export const isAlertRule = (name: string): boolean => Object.hasOwn(ALERT_RULE_CATALOGUE, name);
