import { sql } from 'kysely';
import { settingsChangesOf, type RecordedEvent, type SettingsHistoryEvent } from '@care/events';
import type { Projection } from '../projection';
import { settingsSchema } from './settings-schema';

type SettingsRecorded = RecordedEvent<SettingsHistoryEvent>;
const SETTINGS_EVENTS = new Set<string>(['AgencySettingsChanged', 'SafeguardingContactSet']);

/**
 * The agency's settings (GET /api/settings, /api/settings/agency) and their history. The row holds only what was
 * saved (jsonb merged change by change); the read API lays it over the defaults, so a new default applies to what
 * nobody chose. Version 2: the legacy safeguarding contact of the incidents screen (`SafeguardingContactSet`) is
 * read as a change to `safeguardingTeam*`, in log order with the rest, so the newest wins and it shows in the history.
 */
export const settingsProjection: Projection = {
  name: 'settings',
  version: 2,
  tables: ['agency_settings', 'agency_settings_changes'],
  schema: settingsSchema,
  handles: (type) => SETTINGS_EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as SettingsRecorded[]) {
      const changes = JSON.stringify(settingsChangesOf(event));
      // The revision is `agency-settings`'s (Save Settings' If-Match): a legacy event, on its own stream, keeps it (-1: none yet).
      const legacy = event.type === 'SafeguardingContactSet';
      await db
        .insertInto('agency_settings')
        .values({
          id: 1,
          settings: changes,
          revision: legacy ? '-1' : event.revision,
          updated_at: event.metadata.occurredAt,
          updated_by: event.metadata.userId,
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            settings: sql`agency_settings.settings || excluded.settings`,
            revision: (eb) => (legacy ? eb.ref('agency_settings.revision') : eb.ref('excluded.revision')),
            updated_at: (eb) => eb.ref('excluded.updated_at'),
            updated_by: (eb) => eb.ref('excluded.updated_by'),
          }),
        )
        .execute();
      await db
        .insertInto('agency_settings_changes')
        .values({
          event_id: event.eventId,
          user_id: event.metadata.userId,
          changes,
          occurred_at: event.metadata.occurredAt,
        })
        .execute();
    }
  },
};
