import path from 'node:path';
import { z } from 'zod';
import { databaseUrl, parseEnv, port, portInUse, startEmbeddedPostgres, withDatabase } from '@care/events/server';

/**
 * `npm run rebuild [-- <projection>…]` on this machine: with DATABASE_URL, against that server; without it, against
 * the embedded PostgreSQL that `npm start` keeps in DATA_DIR (started here for the rebuild, so stop `npm start` first).
 * The rebuild itself, with its progress bar, is projector/src/rebuild-cli.ts.
 */
const env = parseEnv(
  z.object({
    DATABASE_URL: databaseUrl.optional(),
    EMBEDDED_PG_PORT: port(5433),
    DATA_DIR: z.string().default('.data'),
  }),
);

if (env.DATABASE_URL) {
  await import('../projector/src/rebuild-cli');
} else {
  if (await portInUse(env.EMBEDDED_PG_PORT)) {
    console.error(
      `Port ${env.EMBEDDED_PG_PORT} is in use: is \`npm start\` still running? Stop it first (the projector must not run during a rebuild).`,
    );
    process.exit(1);
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(path.resolve(env.DATA_DIR), 'postgres'),
    port: env.EMBEDDED_PG_PORT,
    persistent: true,
  });
  process.env.DATABASE_URL = withDatabase(embedded.url, 'care');
  try {
    await import('../projector/src/rebuild-cli');
  } finally {
    await embedded.stop();
  }
}
