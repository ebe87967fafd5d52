import type { Kysely } from 'kysely';
import { incidentSliceEvents } from '@care/events';
import type { Projection } from '../projection';
import type { ReadModelDatabase } from '../read-model/database';
import { excludedColumns, foldBatch, iso, UPSERT_CHUNK } from '../shared/fold-batch';
import { evolveIncident, recordOf, rowOf, type IncidentRecorded } from './incident-record';
import { incidentsSchema } from './incident-schema';
import type { IncidentsTable } from './incident-tables';

const INCIDENT_EVENTS = new Set<string>(incidentSliceEvents.map((definition) => definition.type));
const INCIDENT_COLUMNS = [
  'type',
  'severity',
  'title',
  'description',
  'location',
  'client_id',
  'carer_id',
  'reported_by',
  'witness_details',
  'immediate_action',
  'follow_up_required',
  'follow_up_notes',
  'follow_up_done_notes',
  'follow_up_waived_reason',
  'status',
  'date_occurred',
  'appointment_id',
  'diary_entry_id',
  'escalated',
  'escalated_to',
  'escalated_at',
  'escalation_reason',
  'resolution_summary',
  'resolved_at',
  'first_resolved_at',
  'closed_at',
  'amended',
  'notes_count',
  'referrals_count',
  'duties',
  'next_duty_due',
  'revision',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof IncidentsTable, 'id'>[];

/**
 * Incidents (GET /api/incidents and its figures, the dashboard tile, the incident rules) and their timelines.
 * Version 2: the safeguarding contact moved to the settings projection (one place: the agency settings).
 */
export const incidentsProjection: Projection = {
  name: 'incidents',
  version: 2,
  tables: ['incidents', 'incident_events'],
  retiredTables: ['safeguarding_contact'],
  schema: incidentsSchema,
  handles: (type) => INCIDENT_EVENTS.has(type),
  async apply(db: Kysely<ReadModelDatabase>, events) {
    const incidentEvents = events.filter((event) => INCIDENT_EVENTS.has(event.type)) as readonly IncidentRecorded[];
    const written = await foldBatch({
      events: incidentEvents,
      idOf: (event) => event.data.id,
      creates: (event) => event.type === 'IncidentReported',
      load: async (ids) =>
        (await db.selectFrom('incidents').selectAll().where('id', 'in', ids).execute()).map(recordOf),
      evolve: evolveIncident,
    });
    for (let start = 0; start < written.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('incidents')
        .values(written.slice(start, start + UPSERT_CHUNK).map(rowOf))
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, INCIDENT_COLUMNS)))
        .execute();
    }
    for (let start = 0; start < incidentEvents.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('incident_events')
        .values(
          incidentEvents.slice(start, start + UPSERT_CHUNK).map((event) => ({
            event_id: event.eventId,
            incident_id: event.data.id,
            revision: String(event.revision),
            type: event.type,
            user_id: event.metadata.userId,
            occurred_at: iso(event.metadata.occurredAt),
            data: JSON.stringify(event.data),
          })),
        )
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    }
  },
};
