import { z } from 'zod';
import { createLogger, parseEnv, positiveWhole, serviceEnvSchema, startHeartbeat } from '@care/events/server';
import { connectProjectorServices } from './connect-services';
import { startProjector } from './projector';
import { startAccessLogPruning } from './users/access-log-pruning';

const env = parseEnv(
  serviceEnvSchema.extend({
    PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10000).default(1000),
    PROJECTOR_CATCH_UP_BATCH_SIZE: z.coerce.number().int().min(1).max(50000).default(10000),
    /** How often the access log drops rows older than the Log retention setting (as the rules process's log files). */
    LOG_RETENTION_INTERVAL_MS: positiveWhole(21_600_000, 86_400_000),
  }),
);
const log = createLogger('projector', env.LOG_LEVEL);
const services = await connectProjectorServices(env, log, { who: 'the projector', create: true });
const projector = await startProjector({
  ...services,
  log,
  batchSize: env.PROJECTOR_BATCH_SIZE,
  catchUpBatchSize: env.PROJECTOR_CATCH_UP_BATCH_SIZE,
  onFatal: () => process.exit(1),
});
const heartbeat = await startHeartbeat({ pool: services.pool, service: 'projector', log });
const stopPruning = startAccessLogPruning({ db: services.db, log }, { intervalMs: env.LOG_RETENTION_INTERVAL_MS });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopPruning();
    void heartbeat
      .stop()
      .then(() => projector.stop())
      .then(() => services.close())
      .finally(() => process.exit(0));
  });
}
