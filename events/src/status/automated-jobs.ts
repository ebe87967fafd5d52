/**
 * What runs by itself (the Data Management tab's automated features, and the System Status tab's last runs). Each
 * records its last run in `ops.job_runs` under its name; the alert rules' last run is their runner's checkpoint.
 */
export const AUTOMATED_JOBS = [
  {
    name: 'alert-rules',
    label: 'Alert rules',
    description:
      'Raise and clear alerts: late and missed visits, unassigned visits, expiring and expired training, overbooked carers, urgent diary entries.',
  },
  {
    name: 'visit-timeliness',
    label: 'Timeliness policy',
    description: 'Marks visits running late after the grace period and missed after their planned end.',
  },
  {
    name: 'alert-escalation',
    label: 'Alert escalation',
    description:
      'Mails critical and high alerts nobody has acknowledged in time to the on-call contact, the administrators or the coordinators.',
  },
  {
    name: 'mail-sender',
    label: 'Mail sender',
    description: 'Delivers the outbox: through SMTP when configured, else into the mail folder; retries with back-off.',
  },
  {
    name: 'appointment-reminders',
    label: 'Appointment reminders',
    description: "Emails each carer the evening before their next day's visits (when the setting is on).",
  },
  {
    name: 'log-retention',
    label: 'Log retention',
    description: 'Drops service log entries older than the log retention setting (care records are never deleted).',
  },
  {
    name: 'training-expiry-notices',
    label: 'Training expiry notices',
    description:
      'Emails the carer and the coordinators 30 days before a certificate expires and on the day (when the setting is on).',
  },
] as const;
export type AutomatedJobName = (typeof AUTOMATED_JOBS)[number]['name'];
