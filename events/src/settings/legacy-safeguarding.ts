import { SAFEGUARDING_CONTACT_STREAM, type SafeguardingSettingsEvent } from '../incidents/incident-events';
import type { AgencySettings } from './settings-request';
import { AGENCY_SETTINGS_STREAM, type SettingsSliceEvent } from './settings-events';

/**
 * The safeguarding team's contact lives in one place, the agency settings (`safeguardingTeam*`). Before that, the
 * incidents screen kept its own copy as `SafeguardingContactSet` events on the `safeguarding-contact` stream. Those
 * events are never appended again but stay in the store and are read as settings changes ("read both, newest
 * wins" by their position in the log), so no earlier contact and nobody's change is lost.
 */
export const SETTINGS_STREAMS = [AGENCY_SETTINGS_STREAM, SAFEGUARDING_CONTACT_STREAM] as const;

/** Every event that has ever changed the agency's settings, the legacy contact included. */
export type SettingsHistoryEvent = SettingsSliceEvent | SafeguardingSettingsEvent;

/** A legacy `SafeguardingContactSet` as the settings it set (it always set the whole contact). */
export function safeguardingContactAsSettings(data: SafeguardingSettingsEvent['data']): Partial<AgencySettings> {
  return {
    safeguardingTeamName: data.teamName,
    safeguardingTeamPhone: data.phone,
    safeguardingTeamEmail: data.email,
    safeguardingOutOfHoursPhone: data.outOfHoursPhone,
    safeguardingTeamNotes: data.notes,
  };
}

/** The settings an event changed, whichever of the two kinds it is. */
export function settingsChangesOf(event: SettingsHistoryEvent): Partial<AgencySettings> {
  return event.type === 'SafeguardingContactSet'
    ? safeguardingContactAsSettings(event.data)
    : (event.data.changes as Partial<AgencySettings>);
}
