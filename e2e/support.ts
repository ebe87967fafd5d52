import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@care/events/testing';
import { freePort } from '@care/events/server';
import { startProduct, type RunningProduct } from '../scripts/product';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface E2eEnvironment {
  readonly product: RunningProduct;
  readonly browser: Browser;
  stop(): Promise<void>;
}

/** The real product (all four services as processes, on a fresh database) and a real Chromium. */
export async function startE2eEnvironment(serverUrl: string, label: string): Promise<E2eEnvironment> {
  const database: TestDatabase = await createTestDatabase(serverUrl, label);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `care-${label}-`));
  const product = await startProduct({
    databaseUrl: database.url,
    dataDir,
    embeddedPostgresPort: 0,
    port: await freePort(),
    commandApiPort: await freePort(),
    readApiPort: await freePort(),
    seedDemoData: false,
    logLevel: 'warn',
    say: () => undefined,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Playwright starts every launch on a fresh, empty --user-data-dir of its own.
    args: CHROMIUM_ARGS,
  });
  return {
    product,
    browser,
    async stop() {
      await browser.close();
      await product.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
