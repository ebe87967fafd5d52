import { carePlanRoutes } from './care-plans/care-plan-routes';
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { ReadModelDatabase } from '@care/projector';
import type { EventStore } from '@care/events';
import {
  DEFAULT_SESSION_POLICY,
  ensureAuthSchema,
  ensureMediaSchema,
  errorHandler,
  fallbackReplies,
  registeredRoutes,
  requestContext,
  requireSession,
  securityHeaders,
  SessionStore,
  latencyMiddleware,
  type LatencyRecorder,
  type Logger,
  type RegisteredRoute,
  type SessionPolicy,
} from '@care/events/server';
import { alertRoutes } from './alerts/alert-routes';
import { alertItemRoutes } from './alerts/alert-item-routes';
import { alertRuleRoutes } from './alerts/alert-rule-routes';
import { accountRoutes } from './account/account-routes';
import { emergencyRoutes } from './emergencies/emergency-routes';
import { searchRoutes } from './search/search-routes';
import { NO_AGENCY_CONTACTS, type AgencyContacts } from './shared/agency-contacts';
import { appointmentRoutes } from './appointments/appointment-routes';
import { dashboardRoutes } from './dashboard/dashboard-routes';
import { taskRoutes } from './tasks/task-routes';
import { incidentRoutes } from './incidents/incident-routes';
import { medicationRoutes } from './medications/medication-routes';
import { monitoringRoutes } from './monitoring/monitoring-routes';
import { openApiRoutes } from './openapi/openapi-routes';
import { apiDocsRoutes } from './openapi/api-docs-routes';
import { shiftRoutes } from './shifts/shift-routes';
import { CarerQueries } from './carers/carer-queries';
import { carerRoutes } from './carers/carer-routes';
import { attachLivePush } from './live/live-push';
import { AppPresence, ensurePresenceSchema } from './live/app-presence';
import { CheckpointWatcher } from './shared/checkpoint-watcher';
import { CarerWork, DEFAULT_CARER_WINDOW, type CarerWindow } from './shared/carer-work';
import { statusRoutes } from './status/status-routes';
import { settingsRoutes } from './settings/settings-routes';
import { familyRoutes } from './family/family-routes';
import { familyConcernRoutes } from './family/family-concern-routes';
import { familyAccessRoutes } from './family/family-access-routes';
import { mailRoutes } from './mail/mail-routes';
import { exportRoutes } from './data-management/export-routes';
import { subjectAccessRoutes } from './subject-access/subject-access-routes';
import type { EventLogSource } from './shared/event-log-source';
import { retentionRoutes } from './retention/retention-routes';
import { destructionRoutes } from './destruction/destruction-routes';
import type { ReadState } from './shared/read-state';
import { readYourWrites } from './shared/read-your-writes';
import { clientRoutes } from './clients/client-routes';
import { diaryRoutes } from './diary/diary-routes';
import { diaryViewRoutes } from './diary/diary-views-routes';
import { feedbackRoutes } from './feedback/feedback-routes';
import { financeRoutes } from './finance/finance-routes';
import { contractReadRoutes } from './finance/contract-routes';
import { financeReportRoutes } from './finance/report-routes';
import { myPayslipRoutes } from './finance/payroll-routes';
import { auditRoutes } from './audit/audit-routes';
import { logRoutes } from './audit/log-routes';
import { RecordViewLog } from './audit/record-view-log';
import { PostgresAuditLog } from './audit/audit-log';
import { StoreAuditLog } from './audit/store-audit-log';
import { trainingRoutes } from './training/training-routes';
import { leaveRoutes } from './leave/leave-routes';
import { workingPatternRoutes } from './availability/working-pattern-routes';
import { suggestionRoutes } from './suggestions/suggestion-routes';
import { voiceNoteRoutes } from './voice-notes/voice-note-routes';
import { UserQueries } from './users/user-queries';
import { userRoutes } from './users/user-routes';
import { reportRoutes } from './reports/report-routes';
import { reportScheduleReadRoutes } from './reports/report-schedule-routes';

export interface ReadApiOptions {
  readonly pool: pg.Pool;
  readonly db: Kysely<ReadModelDatabase>;
  readonly log: Logger;
  readonly readYourWritesTimeoutMs?: number;
  /** Must match the command API's (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS). */
  readonly sessionPolicy?: SessionPolicy;
  /** CARER_CLIENT_WINDOW_DAYS_BACK and _AHEAD: whose clients a carer may read (shared/carer-work.ts). */
  readonly carerWindow?: CarerWindow;
  /** AGENCY_ON_CALL_PHONE and SUPPORT_*: the emergency screen's on-call number and the Get support dialog. */
  readonly agencyContacts?: AgencyContacts;
  /** Times every request for the System Status tab (the process's heartbeat reports it). */
  readonly latency?: LatencyRecorder;
  /** LOG_DIR: every service's log file, for Download Logs. */
  readonly logDir?: string;
  /**
   * EVENTSTORE_URL: the store the events live in when it is not the PostgreSQL store in this database
   * (EventStoreDB). The audit routes read the log through it and views are logged to it.
   */
  readonly eventStore?: EventStore;
}

export interface ReadApi {
  readonly server: http.Server;
  /** Every route, for the test that proves each refuses anonymous callers. */
  readonly routes: readonly RegisteredRoute[];
  close(): Promise<void>;
}

/** The koa app for every GET /api/... and the socket.io push, on one HTTP server. */
export async function createReadApi({
  pool,
  db,
  log,
  readYourWritesTimeoutMs = 5000,
  sessionPolicy = DEFAULT_SESSION_POLICY,
  carerWindow = DEFAULT_CARER_WINDOW,
  agencyContacts = NO_AGENCY_CONTACTS,
  latency,
  logDir,
  eventStore,
}: ReadApiOptions): Promise<ReadApi> {
  await ensureAuthSchema(pool);
  await ensureMediaSchema(pool);
  await ensurePresenceSchema(pool);
  const sessions = new SessionStore(pool, sessionPolicy);
  const watcher = new CheckpointWatcher(pool, db, log);
  await watcher.start();
  const carers = new CarerQueries(db);

  const app = new Koa<ReadState>();
  app.proxy = true;
  // Only the last X-Forwarded-For entry is ours (the UI server adds it); earlier ones are the caller's word.
  app.maxIpsCount = 1;
  const health = new Router<ReadState>();
  health.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  const views = new RecordViewLog(eventStore ?? pool);
  const auditLog = eventStore ? new StoreAuditLog(eventStore, db) : new PostgresAuditLog(pool);
  const eventLog: EventLogSource = eventStore ? { kind: 'eventstoredb', store: eventStore } : { kind: 'postgres' };
  const deps = { db, pool, log, work: new CarerWork(db, carerWindow), views, eventLog };
  const routers = [
    userRoutes(new UserQueries(db)),
    carerRoutes(carers),
    clientRoutes(deps),
    trainingRoutes(deps),
    leaveRoutes(deps),
    workingPatternRoutes(deps),
    suggestionRoutes(deps),
    diaryViewRoutes(deps),
    diaryRoutes(deps),
    voiceNoteRoutes(deps),
    feedbackRoutes(deps),
    financeRoutes(deps),
    contractReadRoutes(deps),
    financeReportRoutes(deps),
    myPayslipRoutes(deps),
    logRoutes(deps, { chained: eventStore === undefined }),
    auditRoutes(deps, auditLog),
    appointmentRoutes(deps, auditLog),
    monitoringRoutes(deps),
    shiftRoutes(deps),
    alertRoutes(deps),
    alertItemRoutes(deps),
    alertRuleRoutes(deps),
    taskRoutes(deps),
    carePlanRoutes(deps),
    incidentRoutes(deps),
    ...medicationRoutes(deps),
    dashboardRoutes(deps),
    reportRoutes(deps),
    reportScheduleReadRoutes(deps),
    statusRoutes(deps, logDir),
    searchRoutes(deps),
    emergencyRoutes(deps, agencyContacts),
    accountRoutes(deps, agencyContacts),
    settingsRoutes(deps, agencyContacts),
    // Before familyRoutes, whose /api/family prefix would also take /api/family-concerns.
    familyConcernRoutes(deps),
    familyRoutes(deps, agencyContacts),
    familyAccessRoutes(deps),
    mailRoutes(deps),
    exportRoutes(deps),
    subjectAccessRoutes(deps),
    retentionRoutes(deps),
    destructionRoutes(deps),
    openApiRoutes(),
    apiDocsRoutes(),
  ];
  if (latency) app.use(latencyMiddleware(latency));
  app.use(requestContext(log));
  app.use(securityHeaders());
  app.use(errorHandler());
  app.use(fallbackReplies());
  app.use(health.routes());
  // Before routing: anonymous callers get 401 on every /api path, known or not.
  app.use(requireSession(sessions));
  app.use(readYourWrites(watcher, readYourWritesTimeoutMs));
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }

  // Koa's handler settles its own promise (errors become replies), so nothing is left for the server to await.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  const server = http.createServer(app.callback());
  const live = attachLivePush(server, watcher, carers, sessions, log, db, deps.work, new AppPresence(pool, log));
  return {
    server,
    routes: registeredRoutes(routers),
    async close() {
      await live.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await watcher.stop();
      await views.close();
    },
  };
}
