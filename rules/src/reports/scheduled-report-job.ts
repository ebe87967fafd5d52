import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import {
  duePeriods,
  londonToday,
  WrongExpectedRevisionError,
  type EventStore,
  type ReportFrequency,
  type ReportKind,
} from '@care/events';
import { loadReportFile, saveReportFile, type Logger } from '@care/events/server';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { reportFile } from '@care/documents';
import { ReportScheduleService } from '@care/command-api';

/** Who records generated reports (the events' user), like the alert rules' `system:rules`. */
export const REPORT_SCHEDULER_USER = 'system:report-scheduler';
/** Run ids are derived from the schedule and the period: one file and one event per period, however many runners. */
const RUN_NAMESPACE = '5d0c8f64-6a57-4f0e-9b5d-3c1f2a7e9b21';
export const runIdOf = (scheduleId: string, periodFrom: string) => uuidv5(`${scheduleId}/${periodFrom}`, RUN_NAMESPACE);

export interface ScheduledReportDeps {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly logger: Logger;
}

export interface ScheduledReportOptions {
  readonly intervalMs: number;
  /** The job's "now" (injectable: tests and the end-to-end run move it forward to force a period's end). */
  readonly clock?: () => Date;
}

/**
 * Schedule Report's job in the rules process: every interval, each active schedule's periods that ended (at 07:00
 * London the day after) and have no report yet are generated from the reports projection, the file is kept in
 * `media.report_files`, and `ScheduledReportGenerated` is appended to the schedule's stream with its expected
 * revision (a paused or deleted schedule, or a period another runner recorded first, appends nothing).
 */
export class ScheduledReportJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly service: ReportScheduleService;
  private readonly clock: () => Date;

  constructor(
    private readonly deps: ScheduledReportDeps,
    private readonly options: ScheduledReportOptions,
  ) {
    this.service = new ReportScheduleService(deps.store);
    this.clock = options.clock ?? (() => new Date());
  }

  start(): void {
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick()
          .catch((error: unknown) => this.deps.logger.error({ err: error }, 'scheduled reports failed'))
          .finally(() => {
            if (this.timer !== undefined) loop();
          });
      }, this.options.intervalMs);
    };
    loop();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => 0);
  }

  /** One pass; answers how many reports it recorded. One pass at a time. */
  tick(): Promise<number> {
    this.running ??= this.generateDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async generateDue(): Promise<number> {
    const now = this.clock();
    const rm = this.deps.db.withSchema(READ_MODEL_SCHEMA);
    const schedules = await rm
      .selectFrom('report_schedules as s')
      .leftJoin('report_carers as c', 'c.id', 's.carer_id')
      .where('s.status', '=', 'active')
      .select([
        's.id',
        's.report',
        's.format',
        's.frequency',
        's.region',
        's.carer_id',
        's.starts_on',
        'c.first_name',
        'c.last_name',
      ])
      .execute();
    let recorded = 0;
    for (const schedule of schedules) {
      const generated = new Set(
        (await rm.selectFrom('report_runs').select('period_from').where('schedule_id', '=', schedule.id).execute()).map(
          (run) => run.period_from,
        ),
      );
      for (const period of duePeriods(schedule.frequency as ReportFrequency, schedule.starts_on, now, generated)) {
        const runId = runIdOf(schedule.id, period.from);
        const format = schedule.format === 'csv' ? 'csv' : 'pdf';
        const file = await reportFile(
          this.deps.db,
          {
            kind: schedule.report as ReportKind,
            scope: { from: period.from, to: period.to, region: schedule.region, carerId: schedule.carer_id },
            today: londonToday(now),
            generatedAt: now,
            carerName:
              schedule.first_name === null ? null : `${schedule.first_name} ${schedule.last_name ?? ''}`.trim(),
          },
          format,
        );
        await saveReportFile(this.deps.pool, runId, {
          content: file.body,
          contentType: file.contentType,
          fileName: file.filename,
        });
        // The kept file is the first runner's: the event describes exactly those bytes.
        const kept = (await loadReportFile(this.deps.pool, runId))!;
        const context = { userId: REPORT_SCHEDULER_USER, requestId: uuidv7() };
        try {
          const result = await this.service.recordGenerated(
            {
              id: schedule.id,
              runId,
              periodFrom: period.from,
              periodTo: period.to,
              generatedAt: now.toISOString(),
              fileName: kept.fileName,
              contentType: kept.contentType === 'application/pdf' ? 'application/pdf' : 'text/csv; charset=utf-8',
              sizeBytes: kept.content.length,
              sha256: createHash('sha256').update(kept.content).digest('hex'),
            },
            context,
          );
          if (result !== undefined) recorded += 1;
        } catch (error) {
          // Another runner recorded this schedule's stream meanwhile: the next pass sees what it did.
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
        }
      }
    }
    if (recorded > 0) this.deps.logger.info({ recorded }, 'scheduled reports generated');
    return recorded;
  }
}
