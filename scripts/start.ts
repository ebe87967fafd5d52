import path from 'node:path';
import { z } from 'zod';
import { databaseUrl, optionalUrl, parseEnv, port } from '@care/events/server';
import { startProduct } from './product';

/** `npm start`: the whole product on this machine, with demo data on the first start. */
const env = parseEnv(
  z.object({
    DATABASE_URL: databaseUrl.optional(),
    EVENTSTORE_URL: optionalUrl,
    PORT: port(3000),
    COMMAND_API_PORT: port(3001),
    READ_API_PORT: port(3002),
    EMBEDDED_PG_PORT: port(5433),
    DATA_DIR: z.string().default('.data'),
    SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  }),
);
const say = (line: string) => console.log(line);

try {
  const product = await startProduct({
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    embeddedPostgresPort: env.EMBEDDED_PG_PORT,
    port: env.PORT,
    commandApiPort: env.COMMAND_API_PORT,
    readApiPort: env.READ_API_PORT,
    seedDemoData: env.SEED_DEMO_DATA === 'true',
    logLevel: env.LOG_LEVEL,
    say,
  });
  say('');
  say(`  Care platform is running:  ${product.url}`);
  say(`  Carers:                    ${product.url}/carers`);
  say('  Sign-in:                   none yet (accounts arrive with the access-control issue)');
  if (product.seeded > 0) say(`  Demo data:                 ${product.seeded} carers created through the command API`);
  say(`  Event store:               ${env.EVENTSTORE_URL ? 'EventStoreDB' : 'PostgreSQL'}; service logs in ${env.DATA_DIR}/logs`);
  say('  Stop with Ctrl+C.');
  say('');
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    say(reason);
    await product.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('Stopping…'));
  process.once('SIGTERM', () => void shutdown('Stopping…'));
  void product.exited.then(async (reason) => {
    if (stopping) return;
    console.error(`${reason}: shutting down.`);
    stopping = true;
    await product.stop();
    process.exit(1);
  });
} catch (error) {
  console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
