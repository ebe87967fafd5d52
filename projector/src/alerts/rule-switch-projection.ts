import type { Kysely } from 'kysely';
import type { AlertRuleSwitchEvent, RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import type { TableSchema } from '../projection-schema';

const schema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('alert_rule_switches')
      .addColumn('rule', 'text', (c) => c.primaryKey())
      .addColumn('on', 'boolean', (c) => c.notNull())
      // A metadata user id: text.
      .addColumn('changed_by', 'text', (c) => c.notNull())
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
  },
  // A row per rule: a few dozen at most, read whole.
  async indexes() {},
};

const SWITCH_EVENTS = new Set(['AlertRuleSwitchedOff', 'AlertRuleSwitchedOn']);

/** The alert rules switched off or on (GET /api/alert-rules; the rule runner skips a rule that is off). */
export const alertRuleSwitchesProjection: Projection = {
  name: 'alert_rule_switches',
  version: 1,
  tables: ['alert_rule_switches'],
  schema,
  handles: (type) => SWITCH_EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as RecordedEvent<AlertRuleSwitchEvent>[]) {
      const row = {
        rule: event.data.rule,
        on: event.type === 'AlertRuleSwitchedOn',
        changed_by: event.metadata.userId,
        changed_at: event.metadata.occurredAt,
        reason: event.data.reason,
        revision: event.revision,
      };
      await db
        .insertInto('alert_rule_switches')
        .values(row)
        .onConflict((oc) => oc.column('rule').doUpdateSet(row))
        .execute();
      // Every row carries the stream's latest revision, so any row answers If-Match.
      await db.updateTable('alert_rule_switches').set({ revision: event.revision }).execute();
    }
  },
};
