import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import type { NotificationChoices } from './account-request';
import type { SupportInfoView } from './support-view';

export const notificationChoicesViewSchema = z.strictObject({
  trainingExpiryEmails: z.boolean(),
  appointmentReminders: z.boolean(),
  maintenanceAlerts: z.boolean(),
});

export const supportInfoViewSchema = z.strictObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  onCallPhone: z.string().nullable(),
});

export type AccountViewSchemaChoices = Expect<Same<z.infer<typeof notificationChoicesViewSchema>, NotificationChoices>>;
export type AccountViewSchemaSupport = Expect<Same<z.infer<typeof supportInfoViewSchema>, SupportInfoView>>;
