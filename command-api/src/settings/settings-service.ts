import { AGENCY_SETTINGS_STREAM, WrongExpectedRevisionError, type AgencySettings, type EventStore, type SettingsSliceEvent } from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { decide } from './decide';
import { evolve, initialSettingsState, type AgencySettingsState } from './settings-state';

/** Save Settings: load `agency-settings`, decide, append with the expected revision (two admins saving at once: one 409s). */
export class SettingsService {
  constructor(private readonly store: EventStore) {}

  async load(): Promise<AgencySettingsState> {
    return (await loadStream<SettingsSliceEvent, AgencySettingsState>(this.store, AGENCY_SETTINGS_STREAM, evolve, initialSettingsState)).state;
  }

  async save(settings: AgencySettings, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    const loaded = await loadStream<SettingsSliceEvent, AgencySettingsState>(this.store, AGENCY_SETTINGS_STREAM, evolve, initialSettingsState);
    const current = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (ifMatch !== undefined && ifMatch !== current) throw new WrongExpectedRevisionError(AGENCY_SETTINGS_STREAM, ifMatch, current);
    const events = decide({ type: 'SaveSettings', settings }, loaded.state);
    if (events.length === 0) return { id: AGENCY_SETTINGS_STREAM, revision: current, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, AGENCY_SETTINGS_STREAM, events, loaded.revision, context);
    return { id: AGENCY_SETTINGS_STREAM, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
