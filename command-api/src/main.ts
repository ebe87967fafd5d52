import { z } from 'zod';
import {
  openEventStore,
  refuseStore,
  createLogger,
  createPool,
  ensureAuthSchema,
  ensureMediaSchema,
  parseEnv,
  port,
  positiveWhole,
  serviceEnvSchema,
  startHeartbeat,
  LatencyRecorder,
} from '@care/events/server';
import { createCommandApp } from './app';
import { authEnvSchema, authPolicyFrom } from './auth/auth-env';
import { startAuthSweeper } from './auth/auth-sweeper';
import { ensureFirstAdmin } from './users/first-admin';
import { ensureMailSchema } from './mail/outbox';

const env = parseEnv(
  serviceEnvSchema
    .extend({
      COMMAND_API_PORT: port(3001),
      HOST: z.string().default('127.0.0.1'),
      /** A check-in is accepted from this many minutes before the visit's planned start. */
      CHECK_IN_EARLIEST_MINUTES: positiveWhole(120, 24 * 60),
      /** A check-in or check-out time entered by hand may be at most this many hours back (a quarter's paper timesheets at most). */
      MANUAL_TIME_MAX_HOURS_BACK: positiveWhole(12, 120 * 24),
      /** A carer writes about the clients of their visits from this many days back to this many ahead (as the read API reads). */
      CARER_CLIENT_WINDOW_DAYS_BACK: z.coerce.number().int().min(0).max(366).default(7),
      CARER_CLIENT_WINDOW_DAYS_AHEAD: z.coerce.number().int().min(0).max(366).default(14),
      /** Set: "Request new password" mails the reset link (the rules process delivers the outbox). */
      SMTP_URL: z
        .string()
        .trim()
        .optional()
        .transform((value) => value || undefined),
    })
    .and(authEnvSchema),
);
const logger = createLogger('command-api', env.LOG_LEVEL);
const pool = createPool(env.DATABASE_URL, { max: 10, log: logger });
const store = await openEventStore(
  { databaseUrl: env.DATABASE_URL, eventStoreUrl: env.EVENTSTORE_URL, log: logger },
  { who: 'the command API', readModels: pool },
).catch(refuseStore(logger));
await ensureAuthSchema(pool);
await ensureMediaSchema(pool);
await ensureMailSchema(pool);
const latency = new LatencyRecorder();
const { app, users, sessions, throttle, resets, idempotencyKeys } = createCommandApp({
  store,
  pool,
  logger,
  policy: authPolicyFrom(env),
  publicUrl: env.PUBLIC_URL,
  trustedOrigins: env.TRUSTED_ORIGINS,
  visitTimeRules: {
    checkInEarliestMinutes: env.CHECK_IN_EARLIEST_MINUTES,
    manualTimeMaxHoursBack: env.MANUAL_TIME_MAX_HOURS_BACK,
  },
  carerWindow: { daysBack: env.CARER_CLIENT_WINDOW_DAYS_BACK, daysAhead: env.CARER_CLIENT_WINDOW_DAYS_AHEAD },
  latency,
  mailResetLinks: env.SMTP_URL !== undefined,
});
const heartbeat = await startHeartbeat({ pool, service: 'command-api', log: logger, latency });
const admin =
  env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
await ensureFirstAdmin(pool, users, admin, logger);
const stopSweeper = startAuthSweeper({ sessions, throttle, resets, idempotencyKeys, store, log: logger });
const server = app.listen(env.COMMAND_API_PORT, env.HOST, () => {
  logger.info(
    { port: env.COMMAND_API_PORT, store: env.EVENTSTORE_URL ? 'eventstoredb' : 'postgres' },
    'command-api listening',
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopSweeper();
    server.close();
    void heartbeat
      .stop()
      .then(() => Promise.allSettled([store.close(), pool.end()]))
      .finally(() => process.exit(0));
  });
}
