import { z } from 'zod';
import { createLogger, parseEnv, serviceEnvSchema, startHeartbeat } from '@care/events/server';
import { connectProjectorServices } from './connect-services';
import { startProjector } from './projector';

const env = parseEnv(
  serviceEnvSchema.extend({
    PROJECTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10000).default(1000),
    PROJECTOR_CATCH_UP_BATCH_SIZE: z.coerce.number().int().min(1).max(50000).default(10000),
  }),
);
const log = createLogger('projector', env.LOG_LEVEL);
const services = await connectProjectorServices(env, log);
const projector = await startProjector({ ...services, log, batchSize: env.PROJECTOR_BATCH_SIZE, catchUpBatchSize: env.PROJECTOR_CATCH_UP_BATCH_SIZE, onFatal: () => process.exit(1) });
const heartbeat = await startHeartbeat({ pool: services.pool, service: 'projector', log });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void heartbeat
      .stop()
      .then(() => projector.stop())
      .then(() => services.close())
      .finally(() => process.exit(0));
  });
}
