import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { ALERT_AUDIENCES } from '../alerts/alert-audiences';
import type { AlertAudiencesView } from './alert-audiences-view';
import type { NotificationChoices } from './account-request';
import type { SupportInfoView } from './support-view';

export const notificationChoicesViewSchema = z.strictObject({
  trainingExpiryEmails: z.boolean(),
  appointmentReminders: z.boolean(),
  maintenanceAlerts: z.boolean(),
});

export const alertAudiencesViewSchema = z.strictObject({
  following: z.array(z.enum(ALERT_AUDIENCES)),
  readable: z.array(z.enum(ALERT_AUDIENCES)),
});

export const supportInfoViewSchema = z.strictObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  onCallPhone: z.string().nullable(),
});

export type AccountViewSchemaChoices = Expect<Same<z.infer<typeof notificationChoicesViewSchema>, NotificationChoices>>;
export type AccountViewSchemaSupport = Expect<Same<z.infer<typeof supportInfoViewSchema>, SupportInfoView>>;
export type AccountViewSchemaAlertAudiences = Expect<
  Same<z.infer<typeof alertAudiencesViewSchema>, AlertAudiencesView>
>;
