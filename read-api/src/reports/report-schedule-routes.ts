import Router from '@koa/router';
import { HttpError, loadReportFile, requirePermission } from '@care/events/server';
import { nextDueAt, type ReportFrequency, type ReportScheduleView } from '@care/events';
import { READ_MODEL_SCHEMA } from '@care/projector';
import { z } from 'zod';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';

const RUNS_SHOWN = 12;
const runId = z.uuid();

/** GET /api/report-schedules: every schedule not deleted, with who scheduled it and its latest reports; and their files. */
export function reportScheduleReadRoutes({ db, pool }: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();
  const read = requirePermission('reports.read');
  const rm = db.withSchema(READ_MODEL_SCHEMA);

  router.get('/api/report-schedules', read, async (ctx) => {
    const schedules = await rm
      .selectFrom('report_schedules as s')
      .leftJoin('users as u', 'u.id', 's.scheduled_by')
      .leftJoin('report_carers as c', 'c.id', 's.carer_id')
      .where('s.status', '<>', 'deleted')
      .select([
        's.id',
        's.name',
        's.report',
        's.format',
        's.frequency',
        's.region',
        's.carer_id',
        's.starts_on',
        's.status',
        's.scheduled_by',
        's.scheduled_at',
        'u.first_name',
        'u.last_name',
        'c.first_name as carer_first',
        'c.last_name as carer_last',
      ])
      .orderBy('s.scheduled_at', 'desc')
      .orderBy('s.id')
      .execute();
    const runs =
      schedules.length === 0
        ? []
        : await rm
            .selectFrom('report_runs')
            .selectAll()
            .where(
              'schedule_id',
              'in',
              schedules.map((schedule) => schedule.id),
            )
            .orderBy('period_from', 'desc')
            .execute();
    const now = new Date();
    const body: ReportScheduleView[] = schedules.map((schedule) => ({
      id: schedule.id,
      name: schedule.name,
      report: schedule.report as ReportScheduleView['report'],
      format: schedule.format as ReportScheduleView['format'],
      frequency: schedule.frequency as ReportFrequency,
      region: schedule.region as ReportScheduleView['region'],
      carerId: schedule.carer_id,
      carerName: schedule.carer_first === null ? null : `${schedule.carer_first} ${schedule.carer_last ?? ''}`.trim(),
      status: schedule.status === 'paused' ? 'paused' : 'active',
      scheduledBy: {
        id: schedule.scheduled_by,
        name:
          schedule.first_name === null ? 'Unknown user' : `${schedule.first_name} ${schedule.last_name ?? ''}`.trim(),
      },
      scheduledAt: schedule.scheduled_at.toISOString(),
      nextRunAt:
        schedule.status === 'paused' ? null : nextDueAt(schedule.frequency as ReportFrequency, schedule.starts_on, now),
      runs: runs
        .filter((run) => run.schedule_id === schedule.id)
        .slice(0, RUNS_SHOWN)
        .map((run) => ({
          id: run.run_id,
          periodFrom: run.period_from,
          periodTo: run.period_to,
          generatedAt: run.generated_at.toISOString(),
          fileName: run.file_name,
          sizeBytes: run.size_bytes,
        })),
    }));
    ctx.body = body;
  });

  router.get('/api/report-runs/:id/file', read, async (ctx) => {
    const id = runId.safeParse(ctx.params.id);
    const run = id.success
      ? await rm
          .selectFrom('report_runs as r')
          .innerJoin('report_schedules as s', 's.id', 'r.schedule_id')
          .select(['r.run_id', 's.status'])
          .where('r.run_id', '=', id.data)
          .executeTakeFirst()
      : undefined;
    const file = run && run.status !== 'deleted' ? await loadReportFile(pool, run.run_id) : undefined;
    if (!file) throw new HttpError(404, 'Report not found');
    ctx.type = file.contentType;
    ctx.set('Content-Disposition', `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, '')}"`);
    ctx.body = file.content;
  });
  return router;
}
