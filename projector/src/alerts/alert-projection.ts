import type { Kysely } from 'kysely';
import { alertSliceEvents } from '@care/events';
import type { Projection } from '../projection';
import type { ReadModelDatabase } from '../read-model/database';
import { excludedColumns, foldBatch, UPSERT_CHUNK } from '../shared/fold-batch';
import {
  evolveAlert,
  recordOf,
  rowOf,
  type AlertRecord,
  type AlertRecorded,
  type TaskCreatedRecorded,
} from './alert-record';
import { applyAlertTotals } from './alert-totals';
import { alertsSchema } from './alert-schema';
import type { AlertsTable } from './alert-tables';

const ALERT_EVENTS = new Set<string>(alertSliceEvents.map((definition) => definition.type));
const ALERT_COLUMNS = [
  'rule',
  'subject',
  'type',
  'severity',
  'audience',
  'group_key',
  'title',
  'description',
  'related_kind',
  'related_id',
  'carer_id',
  'client_id',
  'appointment_id',
  'assigned_to',
  'status',
  'action_required',
  'due_date',
  'acknowledged_by',
  'acknowledged_at',
  'resolved_by',
  'resolved_at',
  'resolution',
  'resolved_by_system',
  'escalations',
  'snoozed_until',
  'snoozed_by',
  'snooze_reason',
  'snoozes',
  'task_ids',
  'raised_by',
  'raised_commit',
  'raised_prepare',
  'revision',
  'created_at',
  'updated_at',
] as const satisfies readonly Exclude<keyof AlertsTable, 'id'>[];

type Handled = AlertRecorded | TaskCreatedRecorded;

/**
 * The alerts (GET /api/alerts, the bell, the dashboard; the rule runner reads it to clear and reopen) and their
 * totals per carer, status and severity (alert-totals.ts). A batch is
 * folded in memory and written with multi-row upserts. A task made from an alert (TaskCreated with alertId) adds
 * its id to the alert's task_ids.
 */
export const alertsProjection: Projection = {
  name: 'alerts',
  // 2: the severity-first indexes (alert-schema.ts); indexes are built by a rebuild, so a new one needs a new version.
  // 3: each alert's audience and group, and the totals per audience and grouped or not.
  // 4: the snooze columns and the index of the snoozed alerts.
  // 5: the index of the open alerts standing alone (the grouped list).
  version: 5,
  tables: ['alerts', 'alert_totals'],
  schema: alertsSchema,
  handles: (type) => ALERT_EVENTS.has(type) || type === 'TaskCreated',
  async apply(db: Kysely<ReadModelDatabase>, events) {
    const relevant = (events as readonly Handled[]).filter(
      (event) => event.type !== 'TaskCreated' || event.data.alertId !== null,
    );
    if (relevant.length === 0) return;
    const before = new Map<string, AlertRecord>();
    const written = await foldBatch({
      events: relevant,
      idOf: (event) => (event.type === 'TaskCreated' ? event.data.alertId! : event.data.id),
      creates: (event) => event.type === 'AlertRaised',
      load: async (ids) => {
        const loaded = (await db.selectFrom('alerts').selectAll().where('id', 'in', ids).execute()).map(recordOf);
        for (const record of loaded) before.set(record.id, record);
        return loaded;
      },
      evolve: evolveAlert,
    });
    for (let start = 0; start < written.length; start += UPSERT_CHUNK) {
      await db
        .insertInto('alerts')
        .values(written.slice(start, start + UPSERT_CHUNK).map(rowOf))
        .onConflict((oc) => oc.column('id').doUpdateSet((eb) => excludedColumns(eb, ALERT_COLUMNS)))
        .execute();
    }
    await applyAlertTotals(db, before, written);
  },
};
