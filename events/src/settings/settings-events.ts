import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

const text = (max: number) => eventText(max).nullable().optional();

/**
 * An administrator saved the agency's settings (Save Settings). Only the settings that changed are recorded, so
 * the stream reads as "who changed what, when"; the metadata's userId and occurredAt are the who and when.
 */
export const AgencySettingsChanged = defineEvent(
  'AgencySettingsChanged',
  1,
  z.object({
    changes: z.strictObject({
      trainingExpiryEmails: z.boolean().optional(),
      appointmentReminders: z.boolean().optional(),
      maintenanceAlerts: z.boolean().optional(),
      recordRetentionYears: z.union([z.literal(5), z.literal(7), z.literal(10)]).optional(),
      logRetentionYears: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
      agencyName: text(TEXT_LIMITS.contactName),
      agencyAddress: text(TEXT_LIMITS.address),
      agencyPhone: text(TEXT_LIMITS.phone),
      agencyEmail: text(TEXT_LIMITS.email),
      onCallPhone: text(TEXT_LIMITS.phone),
      safeguardingTeamName: text(TEXT_LIMITS.contactName),
      safeguardingTeamPhone: text(TEXT_LIMITS.phone),
      safeguardingTeamEmail: text(TEXT_LIMITS.email),
      safeguardingOutOfHoursPhone: text(TEXT_LIMITS.phone),
    }),
  }),
);

export const settingsSliceEvents = [AgencySettingsChanged] as const;
export type SettingsSliceEvent = EventOf<typeof settingsSliceEvents>;

/** The one stream of the agency's settings. */
export const AGENCY_SETTINGS_STREAM = 'agency-settings';
