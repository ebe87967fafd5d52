import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@care/events/server';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { startProduct, type RunningProduct } from './product';

export interface TestProduct {
  readonly product: RunningProduct;
  readonly database: TestDatabase;
  /** The first administrator (ADMIN_EMAIL / ADMIN_PASSWORD of this run). */
  readonly admin: { readonly email: string; readonly password: string };
  /** Where the product keeps its files (the services' logs under logs/). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

/** The real product as `npm start` runs it (five processes, free ports, no demo data) on a fresh test database. */
export async function startTestProduct(
  serverUrl: string,
  label: string,
  env?: Readonly<Record<string, string>>,
  /** withoutRules: for a test that loads the demo quarter itself (the rules would judge a half-loaded record). */
  options: { withoutRules?: boolean } = {},
): Promise<TestProduct> {
  const database = await createTestDatabase(serverUrl, label);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `care-${label}-`));
  const admin = { email: `admin-${label}@example.org`, password: randomBytes(12).toString('base64url') };
  const product = await startProduct({
    databaseUrl: database.url,
    dataDir,
    embeddedPostgresPort: 0,
    port: await freePort(),
    commandApiPort: await freePort(),
    readApiPort: await freePort(),
    seedDemoData: false,
    admin,
    logLevel: 'warn',
    say: () => undefined,
    env,
    withoutRules: options.withoutRules,
  });
  return {
    product,
    database,
    admin,
    dataDir,
    async stop() {
      await product.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
