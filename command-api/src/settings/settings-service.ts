import {
  AGENCY_SETTINGS_STREAM,
  WrongExpectedRevisionError,
  type AgencySettings,
  type EventStore,
  type SettingsSliceEvent,
} from '@care/events';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { appendEvents, loadStream } from '../shared/event-stream';
import { decide } from './decide';
import { foldSettings, readSettingsHistory, type AgencySettingsState } from './settings-state';

/**
 * Save Settings: fold both settings streams (the legacy safeguarding contact included, so clearing a field that
 * only the old incidents form had set is a real change), decide, append to `agency-settings` with its expected
 * revision (two admins saving at once: one 409s).
 */
export class SettingsService {
  constructor(private readonly store: EventStore) {}

  async load(): Promise<AgencySettingsState> {
    return foldSettings(await readSettingsHistory(this.store));
  }

  async save(settings: AgencySettings, ifMatch: bigint | undefined, context: CommandContext): Promise<CommandResult> {
    // The revision only: the state comes from both streams below.
    const loaded = await loadStream<SettingsSliceEvent, null>(this.store, AGENCY_SETTINGS_STREAM, () => null, null);
    const current = loaded.revision === 'no_stream' ? -1n : loaded.revision;
    if (ifMatch !== undefined && ifMatch !== current)
      throw new WrongExpectedRevisionError(AGENCY_SETTINGS_STREAM, ifMatch, current);
    const events = decide({ type: 'SaveSettings', settings }, await this.load());
    if (events.length === 0)
      return { id: AGENCY_SETTINGS_STREAM, revision: current, position: loaded.lastEvent?.position };
    const appended = await appendEvents(this.store, AGENCY_SETTINGS_STREAM, events, loaded.revision, context);
    return { id: AGENCY_SETTINGS_STREAM, revision: appended.nextExpectedRevision, position: appended.position };
  }
}
