import path from 'node:path';
import { z } from 'zod';
import { blankAsAbsent } from '@care/events';
import { databaseUrl, optionalEventStoreUrl, optionalPublicUrl, parseEnv, port } from '@care/events/server';
import { demoAdmin, type AdminCredentials } from './demo-admin';
import { startProduct } from './product';
import { seedProgress } from './start-progress';

/** `npm start`: the whole product on this machine, with demo data on the first start. */
const env = parseEnv(
  z
    .object({
      DATABASE_URL: databaseUrl.optional(),
      EVENTSTORE_URL: optionalEventStoreUrl,
      PORT: port(3000),
      /** Where users open the product (reset links are built on it); unset: the local URL printed below. */
      PUBLIC_URL: optionalPublicUrl,
      COMMAND_API_PORT: port(3001),
      READ_API_PORT: port(3002),
      EMBEDDED_PG_PORT: port(5433),
      DATA_DIR: z.string().default('.data'),
      SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
      LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      ADMIN_EMAIL: z.preprocess(blankAsAbsent, z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional()),
      ADMIN_PASSWORD: z.preprocess(
        blankAsAbsent,
        z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
      ),
    })
    .refine((value) => (value.ADMIN_EMAIL === undefined) === (value.ADMIN_PASSWORD === undefined), {
      message: 'Set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither',
      path: ['ADMIN_PASSWORD'],
    }),
);
const say = (line: string) => console.log(line);

try {
  const dataDir = path.resolve(env.DATA_DIR);
  // ADMIN_EMAIL/ADMIN_PASSWORD name the first administrator; the embedded default makes a demo one.
  const admin: AdminCredentials | undefined =
    env.ADMIN_EMAIL && env.ADMIN_PASSWORD
      ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
      : env.DATABASE_URL
        ? undefined
        : await demoAdmin(dataDir);
  const product = await startProduct({
    databaseUrl: env.DATABASE_URL,
    eventStoreUrl: env.EVENTSTORE_URL,
    dataDir,
    embeddedPostgresPort: env.EMBEDDED_PG_PORT,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL,
    commandApiPort: env.COMMAND_API_PORT,
    readApiPort: env.READ_API_PORT,
    seedDemoData: env.SEED_DEMO_DATA === 'true',
    admin,
    logLevel: env.LOG_LEVEL,
    say,
    progress: seedProgress({ isTTY: process.stdout.isTTY === true, write: (text) => process.stdout.write(text) }),
  });
  say('');
  say(`  Care platform is running:  ${product.url}`);
  say(`  Carers:                    ${product.url}/carers`);
  if (product.publicUrl !== product.url) say(`  Public address (PUBLIC_URL): ${product.publicUrl}`);
  if (admin && !env.ADMIN_PASSWORD) {
    say(`  Sign in at ${product.url}/landing with:`);
    say(`    email:     ${admin.email}`);
    say(`    password:  ${admin.password}`);
    say(
      '    (demo administrator; also coordinator@demo.example, carer@demo.example and auditor@demo.example with the same password)',
    );
  } else if (admin) {
    say(`  Sign in at ${product.url}/landing as ${admin.email} (the ADMIN_PASSWORD you set)`);
  } else {
    say('  No administrator configured: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one.');
  }
  if (product.seeded) {
    const counts = Object.entries(product.seeded.counts).map(([kind, count]) => `${count} ${kind}`);
    say(
      `  Demo data:                 ${[...counts, `${product.seeded.users.length} users`].join(', ')}: a quarter of care, sent through the command API in time order`,
    );
  }
  say(
    `  Event store:               ${env.EVENTSTORE_URL ? 'EventStoreDB' : 'PostgreSQL'}; service logs in ${env.DATA_DIR}/logs`,
  );
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
