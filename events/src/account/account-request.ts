import { z } from 'zod';
import { ALERT_AUDIENCES, type AlertAudience } from '../alerts/alert-audiences';
import { requiredText } from '../fields';
import { PASSWORD_MAX_LENGTH, TEXT_LIMITS } from '../limits';
import { passwordSchema } from '../users/user-request';

/** PATCH /api/account/profile: the signed-in user's own name (/settings). */
export const changeOwnNameRequestSchema = z.object({
  firstName: requiredText('First name is required', TEXT_LIMITS.personName),
  lastName: requiredText('Last name is required', TEXT_LIMITS.personName),
});
export type ChangeOwnNameRequest = z.input<typeof changeOwnNameRequestSchema>;

/** POST /api/account/password: the old password proves it is the user at the keyboard, not a borrowed session. */
export const changeOwnPasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ['newPassword'],
    message: 'New password must differ from the current one',
  });
export type ChangeOwnPasswordRequest = z.input<typeof changeOwnPasswordRequestSchema>;

/** The notification choices the admin panel's Settings offer, each person's own; all default on. */
export const NOTIFICATION_CHOICES = ['trainingExpiryEmails', 'appointmentReminders', 'maintenanceAlerts'] as const;
export type NotificationChoice = (typeof NOTIFICATION_CHOICES)[number];
export const NOTIFICATION_CHOICE_LABELS: Record<NotificationChoice, string> = {
  trainingExpiryEmails: 'Training expiry emails',
  appointmentReminders: 'Appointment reminders',
  maintenanceAlerts: 'Maintenance alerts',
};
export type NotificationChoices = Record<NotificationChoice, boolean>;
export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = {
  trainingExpiryEmails: true,
  appointmentReminders: true,
  maintenanceAlerts: true,
};

const choice = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** PUT /api/account/notifications: every choice, as the form shows them. */
export const notificationChoicesSchema = z.strictObject({
  trainingExpiryEmails: choice('Training expiry emails'),
  appointmentReminders: choice('Appointment reminders'),
  maintenanceAlerts: choice('Maintenance alerts'),
});

const isAlertAudience = (value: unknown): value is AlertAudience =>
  typeof value === 'string' && (ALERT_AUDIENCES as readonly string[]).includes(value);

/**
 * PUT /api/account/alert-audiences: which audiences of alerts the caller's own bell, Alerts tile and live count
 * follow (none is allowed: a bell that stays quiet). Whether the caller reads each one is checked by the command,
 * which knows their role; an unknown or repeated one is refused here. Errors name `audiences` itself, not an index.
 */
export const alertAudiencesChoiceSchema = z.strictObject({
  audiences: z
    // Elements are checked by the list's own rules, so every error names `audiences`, never `audiences.0`.
    .array(z.unknown(), { error: 'Alert audiences must be a list' })
    .max(ALERT_AUDIENCES.length, `Alert audiences are at most the ${ALERT_AUDIENCES.length} there are`)
    .refine((audiences) => audiences.every(isAlertAudience), {
      message: `Alert audiences must each be one of ${ALERT_AUDIENCES.join(', ')}`,
    })
    .refine((audiences) => new Set(audiences).size === audiences.length, {
      message: 'Alert audiences must not repeat',
    })
    .transform((audiences) => audiences.filter(isAlertAudience)),
});
export type AlertAudiencesChoice = z.output<typeof alertAudiencesChoiceSchema>;
