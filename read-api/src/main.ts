import { z } from 'zod';
import { createReadModelDb } from '@care/projector';
import {
  createLogger,
  createPool,
  LatencyRecorder,
  openEventStore,
  parseEnv,
  port,
  refuseStore,
  serviceEnvSchema,
  sessionEnvSchema,
  sessionPolicyFrom,
  startHeartbeat,
} from '@care/events/server';
import { createReadApi } from './app';

/** A configured contact: trimmed, at most 200 characters; unset or blank is "not configured" (null). */
const contact = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => (value ? value : null));

const env = parseEnv(
  serviceEnvSchema
    .extend({
      READ_API_PORT: port(3002),
      HOST: z.string().default('127.0.0.1'),
      READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(60000).default(5000),
      CARER_CLIENT_WINDOW_DAYS_BACK: z.coerce.number().int().min(0).max(366).default(7),
      CARER_CLIENT_WINDOW_DAYS_AHEAD: z.coerce.number().int().min(0).max(366).default(14),
      AGENCY_ON_CALL_PHONE: contact,
      SUPPORT_EMAIL: contact,
      SUPPORT_PHONE: contact,
      SUPPORT_HOURS: contact,
      /** The folder of every service's log file (npm start: .data/logs), for Download Logs. */
      LOG_DIR: z.string().optional(),
    })
    .extend(sessionEnvSchema.shape),
);
const log = createLogger('read-api', env.LOG_LEVEL);
const pool = createPool(env.DATABASE_URL, { max: 10, log });
const db = createReadModelDb(pool);
const latency = new LatencyRecorder();
// Opened (and checked against the store the read models were built from) whichever it is. With EventStoreDB the
// audit screen reads the log through it (and logs views to it); the PostgreSQL store is read with SQL in this same
// database, inside each read's own transaction, so the read API keeps no store object for it.
const opened = await openEventStore(
  { databaseUrl: env.DATABASE_URL, eventStoreUrl: env.EVENTSTORE_URL, log },
  { who: 'the read API', readModels: pool, sharePool: true },
).catch(refuseStore(log));
const eventStore = env.EVENTSTORE_URL ? opened : undefined;
if (!eventStore) await opened.close();
const api = await createReadApi({
  pool,
  db,
  log,
  readYourWritesTimeoutMs: env.READ_YOUR_WRITES_TIMEOUT_MS,
  sessionPolicy: sessionPolicyFrom(env),
  carerWindow: { daysBack: env.CARER_CLIENT_WINDOW_DAYS_BACK, daysAhead: env.CARER_CLIENT_WINDOW_DAYS_AHEAD },
  agencyContacts: {
    onCallPhone: env.AGENCY_ON_CALL_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
    supportHours: env.SUPPORT_HOURS,
  },
  latency,
  ...(env.LOG_DIR && { logDir: env.LOG_DIR }),
  ...(eventStore && { eventStore }),
});
const heartbeat = await startHeartbeat({ pool, service: 'read-api', log, latency });
api.server.listen(env.READ_API_PORT, env.HOST, () => log.info({ port: env.READ_API_PORT }, 'read-api listening'));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void heartbeat
      .stop()
      .then(() => api.close())
      .then(() => eventStore?.close())
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}
