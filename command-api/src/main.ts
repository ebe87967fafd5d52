import { z } from 'zod';
import { createEventStore, createLogger, parseEnv, port, serviceEnvSchema } from '@care/events/server';
import { createCommandApp } from './app';

const env = parseEnv(serviceEnvSchema.extend({ COMMAND_API_PORT: port(3001), HOST: z.string().default('127.0.0.1') }));
const logger = createLogger('command-api', env.LOG_LEVEL);
const store = await createEventStore({ databaseUrl: env.DATABASE_URL, eventStoreUrl: env.EVENTSTORE_URL });
const server = createCommandApp(store, logger).listen(env.COMMAND_API_PORT, env.HOST, () => {
  logger.info({ port: env.COMMAND_API_PORT, store: env.EVENTSTORE_URL ? 'eventstoredb' : 'postgres' }, 'command-api listening');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    void store.close().finally(() => process.exit(0));
  });
}
