import {
  comparePositions,
  DEFAULT_AGENCY_SETTINGS,
  definedOnly,
  parseRecordedEvent,
  SETTINGS_STREAMS,
  settingsChangesOf,
  type AgencySettings,
  type EventStore,
  type LogRetentionYears,
  type RecordRetentionYears,
  type SettingsHistoryEvent,
} from '@care/events';

/** The agency's settings as the stream says they are now: the defaults with every saved change on top. */
export type AgencySettingsState = AgencySettings;

export const initialSettingsState: AgencySettingsState = DEFAULT_AGENCY_SETTINGS;

/** Folds one settings event (a Save Settings, or a legacy safeguarding contact from the incidents screen). Pure. */
export function evolve(state: AgencySettingsState, event: SettingsHistoryEvent): AgencySettingsState {
  // The event schema admits only the offered choices (5, 7, 10 and 1, 2, 3 years).
  const { recordRetentionYears, logRetentionYears, ...rest } = definedOnly(settingsChangesOf(event));
  return {
    ...state,
    ...rest,
    ...(recordRetentionYears !== undefined && { recordRetentionYears: recordRetentionYears as RecordRetentionYears }),
    ...(logRetentionYears !== undefined && { logRetentionYears: logRetentionYears as LogRetentionYears }),
  };
}

/** Reads the settings from their streams' events (the rules and mail processes use this, not the read model). */
export const foldSettings = (events: readonly SettingsHistoryEvent[]): AgencySettingsState =>
  events.reduce(evolve, initialSettingsState);

/**
 * Every settings event of both streams (`agency-settings` and the legacy `safeguarding-contact`) in log order,
 * so the newest wins whichever stream it is on. The expected revision of a save is `agency-settings`'s alone: the
 * legacy stream is never written again.
 */
export async function readSettingsHistory(store: EventStore): Promise<SettingsHistoryEvent[]> {
  const raw = (await Promise.all(SETTINGS_STREAMS.map((stream) => store.readStream(stream)))).flat();
  return raw
    .sort((a, b) => comparePositions(a.position, b.position))
    .map((event) => parseRecordedEvent(event) as unknown as SettingsHistoryEvent);
}

/** The agency's settings, folded from their streams (the command side's own reading, not the read model). */
export async function agencySettings(store: EventStore): Promise<AgencySettings> {
  return foldSettings(await readSettingsHistory(store));
}
