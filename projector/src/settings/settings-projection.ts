import { sql } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { settingsSchema } from './settings-schema';

type SettingsRecorded = Extract<RecordedEvent, { type: 'AgencySettingsChanged' }>;

/**
 * The agency's settings (GET /api/settings, /api/settings/agency) and their history. The row holds only what was
 * saved (jsonb merged change by change); the read API lays it over the defaults, so a new default applies to what
 * nobody chose.
 */
export const settingsProjection: Projection = {
  name: 'settings',
  version: 1,
  tables: ['agency_settings', 'agency_settings_changes'],
  schema: settingsSchema,
  handles: (type) => type === 'AgencySettingsChanged',
  async apply(db, events) {
    for (const event of events as SettingsRecorded[]) {
      const changes = JSON.stringify(event.data.changes);
      await db
        .insertInto('agency_settings')
        .values({ id: 1, settings: changes, revision: event.revision, updated_at: event.metadata.occurredAt, updated_by: event.metadata.userId })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            settings: sql`agency_settings.settings || excluded.settings`,
            revision: (eb) => eb.ref('excluded.revision'),
            updated_at: (eb) => eb.ref('excluded.updated_at'),
            updated_by: (eb) => eb.ref('excluded.updated_by'),
          }),
        )
        .execute();
      await db
        .insertInto('agency_settings_changes')
        .values({ event_id: event.eventId, user_id: event.metadata.userId, changes, occurred_at: event.metadata.occurredAt })
        .execute();
    }
  },
};
