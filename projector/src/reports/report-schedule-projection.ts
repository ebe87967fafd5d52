import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import type { TableSchema } from '../projection-schema';

const schema: TableSchema = {
  async create(db: Kysely<unknown>) {
    await db.schema
      .createTable('report_schedules')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('report', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('frequency', 'text', (c) => c.notNull())
      .addColumn('region', 'text')
      .addColumn('carer_id', 'uuid')
      .addColumn('starts_on', 'date', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('scheduled_by', 'uuid', (c) => c.notNull())
      .addColumn('scheduled_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('report_runs')
      .addColumn('run_id', 'uuid', (c) => c.primaryKey())
      .addColumn('schedule_id', 'uuid', (c) => c.notNull())
      .addColumn('period_from', 'date', (c) => c.notNull())
      .addColumn('period_to', 'date', (c) => c.notNull())
      .addColumn('generated_at', 'timestamptz', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .execute();
  },
  async indexes(db: Kysely<unknown>) {
    await db.schema
      .createIndex('report_runs_schedule')
      .ifNotExists()
      .on('report_runs')
      .columns(['schedule_id', 'period_from'])
      .execute();
  },
};

type ScheduleRecorded = Extract<
  RecordedEvent,
  {
    type:
      | 'ReportScheduled'
      | 'ReportSchedulePaused'
      | 'ReportScheduleResumed'
      | 'ReportScheduleDeleted'
      | 'ScheduledReportGenerated';
  }
>;
const EVENTS = new Set([
  'ReportScheduled',
  'ReportSchedulePaused',
  'ReportScheduleResumed',
  'ReportScheduleDeleted',
  'ScheduledReportGenerated',
]);

/** The schedules and their generated reports (few rows: written one event at a time). Its own projection, so a change here never rebuilds the roll-ups. */
export const reportSchedulesProjection: Projection = {
  name: 'report_schedules',
  version: 1,
  tables: ['report_schedules', 'report_runs'],
  schema,
  handles: (type) => EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as ScheduleRecorded[]) {
      switch (event.type) {
        case 'ReportScheduled': {
          const data = event.data;
          await db
            .insertInto('report_schedules')
            .values({
              id: data.id,
              name: data.name,
              report: data.report,
              format: data.format,
              frequency: data.frequency,
              region: data.region,
              carer_id: data.carerId,
              starts_on: data.startsOn,
              status: 'active',
              scheduled_by: event.metadata.userId,
              scheduled_at: event.metadata.occurredAt,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          break;
        }
        case 'ReportSchedulePaused':
        case 'ReportScheduleResumed':
        case 'ReportScheduleDeleted': {
          const status =
            event.type === 'ReportSchedulePaused'
              ? 'paused'
              : event.type === 'ReportScheduleResumed'
                ? 'active'
                : 'deleted';
          await db.updateTable('report_schedules').set({ status }).where('id', '=', event.data.id).execute();
          break;
        }
        case 'ScheduledReportGenerated': {
          const data = event.data;
          await db
            .insertInto('report_runs')
            .values({
              run_id: data.runId,
              schedule_id: data.id,
              period_from: data.periodFrom,
              period_to: data.periodTo,
              generated_at: data.generatedAt,
              file_name: data.fileName,
              content_type: data.contentType,
              size_bytes: data.sizeBytes,
            })
            .onConflict((oc) => oc.column('run_id').doNothing())
            .execute();
          break;
        }
      }
    }
  },
};
