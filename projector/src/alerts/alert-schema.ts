import { sql, type Kysely } from 'kysely';
import type { TableSchema } from '../projection-schema';

const OPEN = sql<boolean>`status <> 'resolved'`;
/**
 * Critical 0, high 1, medium 2, low 3. Exactly the expression GET /api/alerts orders by
 * (read-api/src/alerts/alert-queries.ts): PostgreSQL uses an expression index only for the very same expression.
 */
const SEVERITY_RANK = sql`(case severity when 'critical' then 0 when 'high' then 1 when 'medium' then 2 else 3 end)`;

/** The alerts table (created inside the target schema: the live one, or a rebuild's own). */
export const alertsSchema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('alerts')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('group_key', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('related_kind', 'text', (c) => c.notNull())
      .addColumn('related_id', 'text', (c) => c.notNull())
      .addColumn('carer_id', 'uuid')
      .addColumn('client_id', 'uuid')
      .addColumn('appointment_id', 'uuid')
      .addColumn('assigned_to', 'uuid')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('action_required', 'text')
      .addColumn('due_date', 'timestamptz')
      // Metadata user ids (a person's uuid or `system:rules`): text.
      .addColumn('acknowledged_by', 'text')
      .addColumn('acknowledged_at', 'timestamptz')
      .addColumn('resolved_by', 'text')
      .addColumn('resolved_at', 'timestamptz')
      .addColumn('resolution', 'text')
      .addColumn('resolved_by_system', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('escalations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('snoozed_until', 'timestamptz')
      .addColumn('snoozed_by', 'text')
      .addColumn('snooze_reason', 'text')
      .addColumn('snoozes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('task_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
      .addColumn('raised_by', 'text', (c) => c.notNull())
      .addColumn('raised_commit', 'bigint', (c) => c.notNull())
      .addColumn('raised_prepare', 'bigint', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('alert_totals')
      .addColumn('carer_id', 'uuid')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('grouped', 'boolean', (c) => c.notNull())
      .addColumn('alerts', 'integer', (c) => c.notNull())
      // Alerts about no carer (null) share one row per status, severity, audience and grouping: the upsert's target.
      .addUniqueConstraint('alert_totals_key', ['carer_id', 'status', 'severity', 'audience', 'grouped'], (c) =>
        c.nullsNotDistinct(),
      )
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    const newest = ['created_at desc', 'id desc'];
    // GET /api/alerts: newest first; ?active=true (open) and ?active=false (resolved) each read their own part.
    await db.schema.createIndex('alerts_newest').ifNotExists().on('alerts').columns(newest).execute();
    await db.schema.createIndex('alerts_open_newest').ifNotExists().on('alerts').columns(newest).where(OPEN).execute();
    await db.schema
      .createIndex('alerts_status_newest')
      .ifNotExists()
      .on('alerts')
      .columns(['status', ...newest])
      .execute();
    await db.schema
      .createIndex('alerts_severity_newest')
      .ifNotExists()
      .on('alerts')
      .columns(['severity', ...newest])
      .execute();
    // Every alert list's default order, most severe first and then newest (the Alerts page, the dashboard, the
    // bell): a page is read straight off the index, where without it PostgreSQL would rank and sort every open
    // (or every resolved) alert, thousands of rows, for each page of 7 or 50.
    await db.schema
      .createIndex('alerts_severity_newest_first')
      .ifNotExists()
      .on('alerts')
      .expression(SEVERITY_RANK)
      .columns(newest)
      .execute();
    await db.schema
      .createIndex('alerts_open_severity_newest_first')
      .ifNotExists()
      .on('alerts')
      .expression(SEVERITY_RANK)
      .columns(newest)
      .where(OPEN)
      .execute();
    // ?carerId=, and what a carer reads (alerts.readOwn): their own carer record's alerts.
    await db.schema
      .createIndex('alerts_carer_newest')
      .ifNotExists()
      .on('alerts')
      .columns(['carer_id', ...newest])
      .execute();
    // The open groups (one list row and one bell item each): their members, read per group and counted per group.
    await db.schema
      .createIndex('alerts_open_groups')
      .ifNotExists()
      .on('alerts')
      .columns(['group_key', 'status', 'severity', 'audience', 'created_at'])
      .where(sql<boolean>`status <> 'resolved' and group_key is not null`)
      .execute();
    // The open alerts standing alone (one row each on the grouped list): a few hundred entries read straight off this
    // index, where the list would otherwise scan every alert ever raised, resolved ones included, for each page.
    await db.schema
      .createIndex('alerts_open_alone')
      .ifNotExists()
      .on('alerts')
      .columns(['audience', 'status', 'severity', 'created_at', 'id'])
      .where(sql<boolean>`status <> 'resolved' and group_key is null`)
      .execute();
    // The snoozed alerts: few at any time. The counts subtract them from the totals, and the rules process finds
    // the snoozes whose time has come, both reading only this small index.
    await db.schema
      .createIndex('alerts_snoozed')
      .ifNotExists()
      .on('alerts')
      .columns(['snoozed_until', 'status', 'carer_id'])
      .where(sql<boolean>`snoozed_until is not null`)
      .execute();
    // The rule runner finds what a rule raised about a subject.
    await db.schema
      .createIndex('alerts_rule_subject')
      .ifNotExists()
      .on('alerts')
      .columns(['rule', 'subject'])
      .execute();
    // The live push finds the alerts raised since its last push.
    await db.schema
      .createIndex('alerts_raised_position')
      .ifNotExists()
      .on('alerts')
      .columns(['raised_commit', 'raised_prepare'])
      .execute();
  },
};
