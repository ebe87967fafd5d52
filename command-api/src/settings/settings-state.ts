import { DEFAULT_AGENCY_SETTINGS, definedOnly, type AgencySettings, type SettingsSliceEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';

/** The agency's settings as the stream says they are now: the defaults with every saved change on top. */
export type AgencySettingsState = AgencySettings;

export const initialSettingsState: AgencySettingsState = DEFAULT_AGENCY_SETTINGS;

/** Folds one settings event. Pure. */
export function evolve(state: AgencySettingsState, event: SettingsSliceEvent): AgencySettingsState {
  switch (event.type) {
    case 'AgencySettingsChanged':
      return { ...state, ...definedOnly(event.data.changes) };
    default:
      return assertNever(event.type);
  }
}

/** Reads the settings from their stream's events (the rules and mail processes use this, not the read model). */
export const foldSettings = (events: readonly SettingsSliceEvent[]): AgencySettingsState => events.reduce(evolve, initialSettingsState);
