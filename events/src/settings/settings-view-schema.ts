import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import type { AgencySettings } from './settings-request';
import type { AgencyDetailsView, AgencySettingsChangeView, AgencySettingsView } from './settings-view';

const nullableText = z.string().nullable();

export const agencySettingsSchema = z.strictObject({
  trainingExpiryEmails: z.boolean(),
  appointmentReminders: z.boolean(),
  maintenanceAlerts: z.boolean(),
  recordRetentionYears: z.union([z.literal(5), z.literal(7), z.literal(10)]),
  logRetentionYears: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  agencyName: nullableText,
  agencyAddress: nullableText,
  agencyPhone: nullableText,
  agencyEmail: nullableText,
  onCallPhone: nullableText,
  onCallEmail: nullableText,
  safeguardingTeamName: nullableText,
  safeguardingTeamPhone: nullableText,
  safeguardingTeamEmail: nullableText,
  safeguardingOutOfHoursPhone: nullableText,
  safeguardingTeamNotes: nullableText,
  escalateCriticalMinutes: z.int().min(1).max(1440),
  escalateHighMinutes: z.int().min(1).max(1440),
});

export const agencySettingsViewSchema = z.strictObject({
  settings: agencySettingsSchema,
  revision: nullableText,
  updatedAt: nullableText,
  updatedBy: nullableText,
});

export const agencySettingsChangeViewSchema = z.strictObject({
  at: z.string(),
  userId: z.string(),
  userName: nullableText,
  changes: z.array(z.strictObject({ field: z.string(), label: z.string(), value: z.string() })),
});

export const agencyDetailsViewSchema = z.strictObject({
  name: nullableText,
  address: nullableText,
  phone: nullableText,
  email: nullableText,
  onCallPhone: nullableText,
  safeguardingTeam: z.strictObject({
    name: nullableText,
    phone: nullableText,
    email: nullableText,
    outOfHoursPhone: nullableText,
    notes: nullableText,
  }),
});

export type SettingsViewSchemaSettings = Expect<Same<z.infer<typeof agencySettingsSchema>, AgencySettings>>;
export type SettingsViewSchemaView = Expect<Same<z.infer<typeof agencySettingsViewSchema>, AgencySettingsView>>;
export type SettingsViewSchemaChange = Expect<
  Same<z.infer<typeof agencySettingsChangeViewSchema>, AgencySettingsChangeView>
>;
export type SettingsViewSchemaDetails = Expect<Same<z.infer<typeof agencyDetailsViewSchema>, AgencyDetailsView>>;
