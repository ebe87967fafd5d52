import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

const OPEN = sql<boolean>`status in ('reported', 'investigating')`;

/** The incidents tables (created inside the target schema: the live one, or a rebuild's own). */
export const incidentsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('incidents')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('location', 'text')
      .addColumn('client_id', 'uuid')
      .addColumn('carer_id', 'uuid')
      // Metadata user ids: text.
      .addColumn('reported_by', 'text', (c) => c.notNull())
      .addColumn('witness_details', 'text')
      .addColumn('immediate_action', 'text')
      .addColumn('follow_up_required', 'boolean', (c) => c.notNull())
      .addColumn('follow_up_notes', 'text')
      .addColumn('follow_up_done_notes', 'text')
      .addColumn('follow_up_waived_reason', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('date_occurred', 'timestamptz', (c) => c.notNull())
      .addColumn('appointment_id', 'uuid')
      .addColumn('diary_entry_id', 'uuid')
      .addColumn('escalated', 'boolean', (c) => c.notNull())
      .addColumn('escalated_to', 'uuid')
      .addColumn('escalated_at', 'timestamptz')
      .addColumn('escalation_reason', 'text')
      .addColumn('resolution_summary', 'text')
      .addColumn('resolved_at', 'timestamptz')
      .addColumn('first_resolved_at', 'timestamptz')
      .addColumn('closed_at', 'timestamptz')
      .addColumn('amended', 'boolean', (c) => c.notNull())
      .addColumn('notes_count', 'integer', (c) => c.notNull())
      .addColumn('referrals_count', 'integer', (c) => c.notNull())
      .addColumn('duties', 'jsonb', (c) => c.notNull())
      .addColumn('next_duty_due', 'date')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('incident_events')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('incident_id', 'uuid', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    const recent = ['date_occurred desc', 'id desc'];
    // GET /api/incidents: most recent first, under each filter (tab status/severity/type, the carer's own).
    await db.schema.createIndex('incidents_recent').ifNotExists().on('incidents').columns(recent).execute();
    await db.schema
      .createIndex('incidents_status_recent')
      .ifNotExists()
      .on('incidents')
      .columns(['status', ...recent])
      .execute();
    await db.schema
      .createIndex('incidents_severity_recent')
      .ifNotExists()
      .on('incidents')
      .columns(['severity', ...recent])
      .execute();
    await db.schema
      .createIndex('incidents_type_recent')
      .ifNotExists()
      .on('incidents')
      .columns(['type', ...recent])
      .execute();
    await db.schema
      .createIndex('incidents_reporter')
      .ifNotExists()
      .on('incidents')
      .columns(['reported_by', ...recent])
      .execute();
    await db.schema
      .createIndex('incidents_carer')
      .ifNotExists()
      .on('incidents')
      .columns(['carer_id', ...recent])
      .execute();
    await db.schema
      .createIndex('incidents_client')
      .ifNotExists()
      .on('incidents')
      .columns(['client_id', ...recent])
      .execute();
    // The dashboard tile and the alert rules: open incidents; duties not met.
    await db.schema
      .createIndex('incidents_open')
      .ifNotExists()
      .on('incidents')
      .columns(['severity', 'type'])
      .where(OPEN)
      .execute();
    await db.schema
      .createIndex('incidents_duty_due')
      .ifNotExists()
      .on('incidents')
      .column('next_duty_due')
      .where(sql<boolean>`next_duty_due is not null`)
      .execute();
    await db.schema
      .createIndex('incidents_escalated')
      .ifNotExists()
      .on('incidents')
      .column('escalated_at')
      .where(OPEN)
      .execute();
    await db.schema
      .createIndex('incident_events_incident')
      .ifNotExists()
      .on('incident_events')
      .columns(['incident_id', 'revision'])
      .execute();
  },
};
