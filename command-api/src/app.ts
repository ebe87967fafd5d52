import Koa from 'koa';
import Router from '@koa/router';
import type pg from 'pg';
import type { CarerWindow, EventStore } from '@care/events';
import {
  errorHandler,
  originOfUrl,
  fallbackReplies,
  registeredRoutes,
  requestContext,
  requireSession,
  sameOriginWrites,
  securityHeaders,
  SessionStore,
  latencyMiddleware,
  type LatencyRecorder,
  type Logger,
  type RegisteredRoute,
} from '@care/events/server';
import { DEFAULT_AUTH_POLICY, type AuthPolicy } from './auth/auth-policy';
import { authRoutes, isPublicAuthPath } from './auth/auth-routes';
import { Credentials } from './auth/credentials';
import { PasswordResets } from './auth/password-resets';
import { SignInService } from './auth/sign-in-service';
import { SignInThrottle } from './auth/sign-in-throttle';
import { alertRoutes } from './alerts/alert-routes';
import { alertGroupRoutes } from './alerts/alert-group-routes';
import { ruleSwitchRoutes } from './alerts/rule-switch-routes';
import { accountRoutes } from './account/account-routes';
import { AccountService } from './account/account-service';
import { emergencyRoutes } from './emergencies/emergency-routes';
import { offlineRecordRoutes } from './offline-records/offline-record-routes';
import { appointmentRoutes } from './appointments/appointment-routes';
import { carePlanRoutes } from './care-plans/care-plan-routes';
import { carerRoutes } from './carers/carer-routes';
import { CarerService } from './carers/carer-service';
import { clientRoutes } from './clients/client-routes';
import { diaryRoutes } from './diary/diary-routes';
import { settingsRoutes } from './settings/settings-routes';
import { exportRoutes } from './data-management/export-routes';
import { importRoutes } from './data-management/import-routes';
import { subjectAccessRoutes } from './subject-access/subject-access-routes';
import { destructionRoutes } from './destruction/destruction-routes';
import { familyRoutes } from './family/family-routes';
import { familyConcernRoutes } from './family/family-concern-routes';
import { feedbackRoutes } from './feedback/feedback-routes';
import { financeRoutes } from './finance/finance-routes';
import { contractRoutes } from './finance/contract-routes';
import { incidentRoutes } from './incidents/incident-routes';
import { shiftRoutes } from './shifts/shift-routes';
import { statusRoutes } from './status/status-routes';
import { taskRoutes } from './tasks/task-routes';
import { reportScheduleRoutes } from './reports/report-schedule-routes';
import { medicationRoutes } from './medications/medication-routes';
import { trainingRoutes } from './training/training-routes';
import { leaveRoutes } from './leave/leave-routes';
import { workingPatternRoutes } from './availability/working-pattern-routes';
import { voiceNoteRoutes } from './voice-notes/voice-note-routes';
import { commandErrors } from './shared/command-errors';
import type { CommandState } from './shared/command-state';
import { IdempotencyKeys, idempotentWrites } from './shared/idempotency';
import { isStreamedUpload, jsonBody } from './shared/json-body';
import type { VisitTimeRules } from './appointments/visit-times';
import { UserService } from './users/user-service';
import { userRoutes } from './users/user-routes';

export interface CommandAppOptions {
  readonly store: EventStore;
  /** PostgreSQL holding the auth schema (sessions, credentials, throttle, reset links). */
  readonly pool: pg.Pool;
  readonly logger: Logger;
  readonly policy?: AuthPolicy;
  /** PUBLIC_URL: where users open the product. Links (password resets) are built on it; its origin may send writes. */
  readonly publicUrl: string;
  /** Extra origins allowed to send writes (when the public origin differs from the Host seen here). */
  readonly trustedOrigins?: readonly string[];
  /** CHECK_IN_EARLIEST_MINUTES and MANUAL_TIME_MAX_HOURS_BACK. */
  readonly visitTimeRules?: VisitTimeRules;
  /** CARER_CLIENT_WINDOW_DAYS_BACK and _AHEAD: which clients a carer may write about (shared/carer-work.ts). */
  readonly carerWindow?: CarerWindow;
  /** Times every request for the System Status tab (the process's heartbeat reports it). */
  readonly latency?: LatencyRecorder;
  /** SMTP_URL is set: "Request new password" mails the link (mail.outbox must exist: ensureMailSchema). */
  readonly mailResetLinks?: boolean;
}

export interface CommandApp {
  readonly app: Koa<CommandState>;
  readonly users: UserService;
  readonly sessions: SessionStore;
  readonly throttle: SignInThrottle;
  readonly resets: PasswordResets;
  /** Keys of idempotent writes, for the sweeper that deletes old ones. */
  readonly idempotencyKeys: IdempotencyKeys;
  /** Every route the app answers, for the test that proves each one refuses anonymous callers. */
  readonly routes: readonly RegisteredRoute[];
}

export function createCommandApp({
  store,
  pool,
  logger,
  policy = DEFAULT_AUTH_POLICY,
  publicUrl,
  trustedOrigins = [],
  visitTimeRules,
  carerWindow,
  latency,
  mailResetLinks = false,
}: CommandAppOptions): CommandApp {
  const sessions = new SessionStore(pool, policy.session);
  const credentials = new Credentials(pool);
  const users = new UserService({ store, credentials, sessions });
  const throttle = new SignInThrottle(pool, policy);
  const resets = new PasswordResets({
    pool,
    store,
    credentials,
    users,
    policy,
    throttle,
    publicUrl,
    mailLinks: mailResetLinks,
  });
  const signIn = new SignInService({ store, credentials, sessions, throttle, users });

  const health = new Router<CommandState>();
  health.get('/health', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  const publicRouter = authRoutes(signIn, resets);
  const deps = { store, pool, logger, visitTimeRules, carerWindow };
  const privateRouters = [
    userRoutes(users, resets),
    carerRoutes(new CarerService(store)),
    clientRoutes(deps),
    trainingRoutes(deps),
    leaveRoutes(deps),
    workingPatternRoutes(deps),
    diaryRoutes(deps),
    voiceNoteRoutes(deps),
    feedbackRoutes(deps),
    financeRoutes(deps),
    contractRoutes(deps),
    appointmentRoutes(deps),
    shiftRoutes(deps),
    alertRoutes(deps),
    alertGroupRoutes(deps),
    ruleSwitchRoutes(deps),
    taskRoutes(deps),
    incidentRoutes(deps),
    reportScheduleRoutes(deps),
    medicationRoutes(deps),
    statusRoutes(deps),
    accountRoutes(new AccountService({ store, users, credentials, sessions, throttle })),
    emergencyRoutes(deps),
    offlineRecordRoutes(deps),
    carePlanRoutes(deps),
    settingsRoutes(deps),
    exportRoutes(deps),
    importRoutes(deps),
    subjectAccessRoutes(deps),
    familyRoutes({ store, pool, users, publicUrl }),
    familyConcernRoutes(store),
    destructionRoutes(deps),
  ];

  const app = new Koa<CommandState>();
  app.proxy = true;
  // Only the last X-Forwarded-For entry is ours (the UI server adds it); earlier ones are the caller's word.
  app.maxIpsCount = 1;
  if (latency) app.use(latencyMiddleware(latency));
  app.use(requestContext(logger));
  app.use(securityHeaders());
  app.use(errorHandler());
  app.use(fallbackReplies());
  app.use(health.routes());
  // Before anything that could answer differently per route: anonymous callers only ever see 401.
  app.use(requireSession(sessions, isPublicAuthPath));
  app.use(sameOriginWrites([originOfUrl(publicUrl), ...trustedOrigins]));
  for (const middleware of jsonBody()) app.use(middleware);
  // Needs the user and the parsed body; sits outside commandErrors so it sees, and keeps, refusals too.
  const idempotencyKeys = new IdempotencyKeys(pool);
  app.use(idempotentWrites({ keys: idempotencyKeys, isStreamedUpload }));
  app.use(commandErrors());
  app.use(publicRouter.routes());
  app.use(publicRouter.allowedMethods({ throw: false }));
  for (const router of privateRouters) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }
  return {
    app,
    users,
    sessions,
    throttle,
    resets,
    idempotencyKeys,
    routes: registeredRoutes([publicRouter, ...privateRouters]),
  };
}
