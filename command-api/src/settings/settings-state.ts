import { DEFAULT_AGENCY_SETTINGS, definedOnly, type AgencySettings, type LogRetentionYears, type RecordRetentionYears, type SettingsSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';

/** The agency's settings as the stream says they are now: the defaults with every saved change on top. */
export type AgencySettingsState = AgencySettings;

export const initialSettingsState: AgencySettingsState = DEFAULT_AGENCY_SETTINGS;

/** Folds one settings event. Pure. */
export function evolve(state: AgencySettingsState, event: SettingsSliceEvent): AgencySettingsState {
  switch (event.type) {
    case 'AgencySettingsChanged': {
      // The event schema admits only the offered choices (5, 7, 10 and 1, 2, 3 years).
      const { recordRetentionYears, logRetentionYears, ...rest } = definedOnly(event.data.changes);
      return {
        ...state,
        ...rest,
        ...(recordRetentionYears !== undefined && { recordRetentionYears: recordRetentionYears as RecordRetentionYears }),
        ...(logRetentionYears !== undefined && { logRetentionYears: logRetentionYears as LogRetentionYears }),
      };
    }
    default:
      return assertNever(event.type);
  }
}

/** Reads the settings from their stream's events (the rules and mail processes use this, not the read model). */
export const foldSettings = (events: readonly SettingsSliceEvent[]): AgencySettingsState => events.reduce(evolve, initialSettingsState);
