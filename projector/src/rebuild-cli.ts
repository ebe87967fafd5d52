import { createLogger, parseEnv, serviceEnvSchema } from '@care/events/server';
import { connectProjectorServices } from './connect-services';
import { rebuildReadModel } from './rebuild';

/** `npm run rebuild`: replays the whole log into fresh read-model tables (stop the projector first). */
const env = parseEnv(serviceEnvSchema);
const log = createLogger('rebuild', env.LOG_LEVEL);
const services = await connectProjectorServices(env);
try {
  const started = performance.now();
  const count = await rebuildReadModel(services.store, services.pool, services.db);
  log.info({ events: count, seconds: ((performance.now() - started) / 1000).toFixed(1) }, 'read model rebuilt');
} catch (error) {
  log.error({ err: error }, 'rebuild failed');
  process.exitCode = 1;
} finally {
  await services.close();
}
