import { z } from 'zod';
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
