import { changedFields, type AgencySettings, type SettingsSliceEvent } from '@care/events';
import type { AgencySettingsState } from './settings-state';

export interface SaveSettings {
  readonly type: 'SaveSettings';
  readonly settings: AgencySettings;
}

/**
 * Save Settings: records only what differs from the settings now, so the history says what changed; saving an
 * unchanged form records nothing. Pure.
 */
export function decide(command: SaveSettings, state: AgencySettingsState): SettingsSliceEvent[] {
  const changes = changedFields(state, command.settings);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'AgencySettingsChanged', data: { changes } }];
}
