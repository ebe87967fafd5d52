import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInteger, eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';
import { ESCALATION_MINUTES_LIMITS, LOG_RETENTION_YEARS, RECORD_RETENTION_YEARS } from './settings-request';

const text = (max: number) => eventText(max).nullable().optional();

/**
 * An administrator saved the agency's settings (Save Settings). Only the settings that changed are recorded, so
 * the stream reads as "who changed what, when"; the metadata's userId and occurredAt are the who and when.
 */
export const AgencySettingsChanged = defineEvent(
  'AgencySettingsChanged',
  1,
  z.object({
    changes: z
      .strictObject({
        trainingExpiryEmails: z.boolean().optional(),
        appointmentReminders: z.boolean().optional(),
        maintenanceAlerts: z.boolean().optional(),
        // Whole numbers with bounds (what the boundary tests read), and only the offered choices.
        recordRetentionYears: eventInteger({ min: 5, max: 10 })
          .refine((years) => (RECORD_RETENTION_YEARS as readonly number[]).includes(years))
          .optional(),
        logRetentionYears: eventInteger({ min: 1, max: 3 })
          .refine((years) => (LOG_RETENTION_YEARS as readonly number[]).includes(years))
          .optional(),
        agencyName: text(TEXT_LIMITS.contactName),
        agencyAddress: text(TEXT_LIMITS.address),
        agencyPhone: text(TEXT_LIMITS.phone),
        agencyEmail: text(TEXT_LIMITS.email),
        onCallPhone: text(TEXT_LIMITS.phone),
        onCallEmail: text(TEXT_LIMITS.email),
        safeguardingTeamName: text(TEXT_LIMITS.contactName),
        safeguardingTeamPhone: text(TEXT_LIMITS.phone),
        safeguardingTeamEmail: text(TEXT_LIMITS.email),
        safeguardingOutOfHoursPhone: text(TEXT_LIMITS.phone),
        safeguardingTeamNotes: text(TEXT_LIMITS.shortReason),
        escalateCriticalMinutes: eventInteger(ESCALATION_MINUTES_LIMITS).optional(),
        escalateHighMinutes: eventInteger(ESCALATION_MINUTES_LIMITS).optional(),
      })
      // Only what changed is recorded, so a change names at least one setting (minProperties: for the boundary samples).
      .refine((changes) => Object.keys(changes).length > 0, 'At least one setting must change')
      .meta({ minProperties: 1 }),
  }),
);

export const settingsSliceEvents = [AgencySettingsChanged] as const;
export type SettingsSliceEvent = EventOf<typeof settingsSliceEvents>;

/** The one stream of the agency's settings. */
export const AGENCY_SETTINGS_STREAM = 'agency-settings';
