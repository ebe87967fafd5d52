import { z } from 'zod';
import { optionalText } from '../fields';
import { TEXT_LIMITS } from '../limits';

/**
 * The agency's settings (the admin panel's Settings tab): the notification switches, the two retention
 * choices, and the agency's own details used on documents and by the emergency screen. One set for the whole
 * agency, kept as events on the stream `agency-settings`.
 */
export const RECORD_RETENTION_YEARS = [5, 7, 10] as const;
export type RecordRetentionYears = (typeof RECORD_RETENTION_YEARS)[number];
export const LOG_RETENTION_YEARS = [1, 2, 3] as const;
export type LogRetentionYears = (typeof LOG_RETENTION_YEARS)[number];
/** Alert escalation waits are whole minutes up to a day (a longer wait is no escalation). */
export const ESCALATION_MINUTES_LIMITS = { min: 1, max: 1440 } as const;

/** The agency's details; null is "not set" (then the configuration's value, if any, is used). */
export const AGENCY_DETAIL_FIELDS = [
  'agencyName',
  'agencyAddress',
  'agencyPhone',
  'agencyEmail',
  'onCallPhone',
  'onCallEmail',
  'safeguardingTeamName',
  'safeguardingTeamPhone',
  'safeguardingTeamEmail',
  'safeguardingOutOfHoursPhone',
  'safeguardingTeamNotes',
] as const;
export type AgencyDetailField = (typeof AGENCY_DETAIL_FIELDS)[number];

export interface AgencySettings {
  trainingExpiryEmails: boolean;
  appointmentReminders: boolean;
  maintenanceAlerts: boolean;
  recordRetentionYears: RecordRetentionYears;
  logRetentionYears: LogRetentionYears;
  agencyName: string | null;
  agencyAddress: string | null;
  agencyPhone: string | null;
  agencyEmail: string | null;
  onCallPhone: string | null;
  /** Where the first escalation of an unacknowledged critical alert is mailed (not set: to the administrators). */
  onCallEmail: string | null;
  safeguardingTeamName: string | null;
  safeguardingTeamPhone: string | null;
  safeguardingTeamEmail: string | null;
  safeguardingOutOfHoursPhone: string | null;
  /** How to refer (online form, what to have ready): what the incidents screen's own contact form used to hold. */
  safeguardingTeamNotes: string | null;
  /**
   * Minutes a critical alert may stay unacknowledged before it is mailed to the on-call contact (and twice that
   * before it goes to every administrator).
   */
  escalateCriticalMinutes: number;
  /** Minutes a high alert may stay unacknowledged before it is mailed to every coordinator. */
  escalateHighMinutes: number;
}

/** Every notification on by default; 7 years is the recommended record retention. */
export const DEFAULT_AGENCY_SETTINGS: AgencySettings = {
  trainingExpiryEmails: true,
  appointmentReminders: true,
  maintenanceAlerts: true,
  recordRetentionYears: 7,
  logRetentionYears: 1,
  agencyName: null,
  agencyAddress: null,
  agencyPhone: null,
  agencyEmail: null,
  onCallPhone: null,
  onCallEmail: null,
  safeguardingTeamName: null,
  safeguardingTeamPhone: null,
  safeguardingTeamEmail: null,
  safeguardingOutOfHoursPhone: null,
  safeguardingTeamNotes: null,
  escalateCriticalMinutes: 15,
  escalateHighMinutes: 60,
};

export const AGENCY_SETTING_LABELS: Record<keyof AgencySettings, string> = {
  trainingExpiryEmails: 'Training expiry emails',
  appointmentReminders: 'Appointment reminders',
  maintenanceAlerts: 'Maintenance alerts',
  recordRetentionYears: 'Record retention',
  logRetentionYears: 'Log retention',
  agencyName: 'Agency name',
  agencyAddress: 'Address',
  agencyPhone: 'Phone',
  agencyEmail: 'Email',
  onCallPhone: 'On-call number',
  onCallEmail: 'On-call email',
  safeguardingTeamName: 'Safeguarding team',
  safeguardingTeamPhone: 'Safeguarding team phone',
  safeguardingTeamEmail: 'Safeguarding team email',
  safeguardingOutOfHoursPhone: 'Safeguarding out-of-hours phone',
  safeguardingTeamNotes: 'Safeguarding notes',
  escalateCriticalMinutes: 'Escalate critical alerts after',
  escalateHighMinutes: 'Escalate high alerts after',
};

const choice = (label: string) => z.boolean({ error: `${label} must be true or false` });
const optionalEmail = z.preprocess(
  (value) =>
    typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value,
  z
    .email({ error: 'Valid email is required' })
    .max(TEXT_LIMITS.email, `Must be at most ${TEXT_LIMITS.email} characters`)
    .nullable(),
);
const escalationMinutes = (label: string) => {
  const message = `${label} must be a whole number of minutes from ${ESCALATION_MINUTES_LIMITS.min} to 1,440`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(ESCALATION_MINUTES_LIMITS.min, { error: message })
    .max(ESCALATION_MINUTES_LIMITS.max, { error: message });
};
const detail = (max: number) => optionalText(max).transform((value) => value ?? null);

/** PUT /api/settings: every setting, as the Settings tab shows them (Save Settings sends the whole form). */
export const agencySettingsRequestSchema = z.strictObject({
  trainingExpiryEmails: choice('Training expiry emails'),
  appointmentReminders: choice('Appointment reminders'),
  maintenanceAlerts: choice('Maintenance alerts'),
  recordRetentionYears: z.union([z.literal(5), z.literal(7), z.literal(10)], {
    error: 'Record retention must be 5, 7 or 10 years',
  }),
  logRetentionYears: z.union([z.literal(1), z.literal(2), z.literal(3)], {
    error: 'Log retention must be 1, 2 or 3 years',
  }),
  agencyName: detail(TEXT_LIMITS.contactName),
  agencyAddress: detail(TEXT_LIMITS.address),
  agencyPhone: detail(TEXT_LIMITS.phone),
  agencyEmail: optionalEmail,
  onCallPhone: detail(TEXT_LIMITS.phone),
  onCallEmail: optionalEmail,
  safeguardingTeamName: detail(TEXT_LIMITS.contactName),
  safeguardingTeamPhone: detail(TEXT_LIMITS.phone),
  safeguardingTeamEmail: optionalEmail,
  safeguardingOutOfHoursPhone: detail(TEXT_LIMITS.phone),
  safeguardingTeamNotes: detail(TEXT_LIMITS.shortReason),
  escalateCriticalMinutes: escalationMinutes('Escalate critical alerts after'),
  escalateHighMinutes: escalationMinutes('Escalate high alerts after'),
});
export type AgencySettingsRequest = z.input<typeof agencySettingsRequestSchema>;
