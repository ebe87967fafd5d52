import { z } from 'zod';
import {
  parseEnv,
  openEventStore,
  refuseStore,
  publicUrl,
  createLogger,
  createPool,
  positiveWhole,
  serviceEnvSchema,
  startHeartbeat,
} from '@care/events/server';
import { createReadModelDb } from '@care/projector';
import { DEFAULT_VISIT_LATE_GRACE_MINUTES, startVisitTimelinessPolicy } from './appointments/visit-timeliness-policy';
import { ScheduledReportJob } from './reports/scheduled-report-job';
import { fileClock } from './reports/file-clock';
import { startMailJobs } from './mail/mail-jobs';
import { startLogRetentionJob } from './retention/log-retention-job';
import { ALERT_RULES } from './alert-rules/registry';
import { RuleRunner } from './alert-rules/rule-runner';
import { SnoozeEndJob } from './alert-rules/snooze-end-job';
import { startAlertEscalationJob } from './escalation/alert-escalation-job';
import { DEFAULT_PUBLIC_URL } from '@care/command-api';

/**
 * The rules process (rules/README.md, docs/decisions/0016-alert-rules-in-one-registry.md): the alert rules and the
 * escalation of alerts nobody acknowledges, the
 * visit-timeliness policy, the scheduled reports, mail delivery and log retention, beside the command API. Any number
 * may run (each change is appended once whoever makes it, each mail is claimed by one); stopping it stops no request.
 */
const env = parseEnv(
  serviceEnvSchema.extend({
    /** How often every alert rule is evaluated, besides after the events each one watches. */
    ALERT_RULES_INTERVAL_MS: positiveWhole(30_000, 3_600_000),
    /** Minutes after a visit's start without a check-in before it is raised as running late. */
    VISIT_LATE_GRACE_MINUTES: positiveWhole(DEFAULT_VISIT_LATE_GRACE_MINUTES, 240),
    /** How often critical and high alerts nobody acknowledged are looked for (the waits are agency settings). */
    ALERT_ESCALATION_INTERVAL_MS: positiveWhole(60_000, 3_600_000),
    /** Where users open the product: the escalation mails link to its Alerts page. */
    PUBLIC_URL: publicUrl(DEFAULT_PUBLIC_URL),
    /** How often the timeliness policy looks for late and missed visits. */
    VISIT_POLICY_INTERVAL_MS: positiveWhole(60_000, 3_600_000),
    /** How often scheduled reports are looked for (they are due at 07:00 London). */
    REPORT_SCHEDULE_INTERVAL_MS: positiveWhole(60_000, 3_600_000),
    /**
     * Test hook: a file holding an ISO instant that the scheduled-report job takes as "now" while it exists (the
     * end-to-end test moves time past a period's end with it). Unset in production.
     */
    REPORT_CLOCK_FILE: z.string().min(1).optional(),
    /** Mail through this SMTP server (smtp://user:pass@host:587); unset: written to DATA_DIR/mail as .eml files. */
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined),
    MAIL_FROM: z.string().trim().min(3).max(200).default('Care platform <no-reply@care-platform.invalid>'),
    DATA_DIR: z.string().default('.data'),
    /** How often reminders, notices and maintenance alerts are looked for and the outbox is delivered. */
    MAIL_INTERVAL_MS: positiveWhole(60_000, 3_600_000),
    /** The services' log folder (the launcher's), pruned by log retention; unset: log retention has nothing to prune. */
    LOG_DIR: z.string().min(1).optional(),
    /** How often log retention drops what is older than the setting (default every 6 hours). */
    LOG_RETENTION_INTERVAL_MS: positiveWhole(21_600_000, 86_400_000),
  }),
);
const logger = createLogger('rules', env.LOG_LEVEL);
const pool = createPool(env.DATABASE_URL, { max: 4, log: logger });
const store = await openEventStore(
  { databaseUrl: env.DATABASE_URL, eventStoreUrl: env.EVENTSTORE_URL, log: logger },
  { who: 'the rules process', readModels: pool },
).catch(refuseStore(logger));
const runner = new RuleRunner(
  { store, pool, db: createReadModelDb(pool), logger },
  { rules: ALERT_RULES, intervalMs: env.ALERT_RULES_INTERVAL_MS },
);
await runner.start();
// Snoozed alerts come back within this long of their time (a query of the few snoozed alerts each time).
const stopSnoozes = new SnoozeEndJob({ store, db: createReadModelDb(pool), logger }).start(15_000);
const stopEscalation = startAlertEscalationJob(
  { store, pool, db: createReadModelDb(pool), logger },
  { intervalMs: env.ALERT_ESCALATION_INTERVAL_MS, publicUrl: env.PUBLIC_URL },
);
const stopTimeliness = startVisitTimelinessPolicy(
  { store, pool, logger },
  { lateGraceMinutes: env.VISIT_LATE_GRACE_MINUTES, intervalMs: env.VISIT_POLICY_INTERVAL_MS },
);
const reports = new ScheduledReportJob(
  { store, pool, db: createReadModelDb(pool), logger },
  {
    intervalMs: env.REPORT_SCHEDULE_INTERVAL_MS,
    clock: env.REPORT_CLOCK_FILE ? fileClock(env.REPORT_CLOCK_FILE) : undefined,
  },
);
reports.start();
const heartbeat = await startHeartbeat({ pool, service: 'rules', log: logger });
const stopMail = await startMailJobs(
  { pool, db: createReadModelDb(pool), store, logger },
  { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, intervalMs: env.MAIL_INTERVAL_MS },
);
const stopLogRetention = startLogRetentionJob(
  { pool, store, logger },
  { intervalMs: env.LOG_RETENTION_INTERVAL_MS, logDir: env.LOG_DIR },
);
logger.info({ rules: ALERT_RULES.map((rule) => rule.name) }, 'rules running');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopTimeliness();
    stopEscalation();
    stopMail();
    stopLogRetention();
    void heartbeat
      .stop()
      .then(() => Promise.all([runner.stop(), reports.stop(), stopSnoozes()]))
      .then(() => Promise.allSettled([store.close(), pool.end()]))
      .finally(() => process.exit(0));
  });
}
