import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  createPool,
  ensureDatabase,
  PostgresEventStore,
  portInUse,
  startEmbeddedPostgres,
  withDatabase,
  withoutResolvedFiles,
  type PostgresServer,
} from '@care/events/server';
import { createReadModelDb, ensureStatusTables, projections, READ_MODEL_SCHEMA } from '@care/projector';
import { buildServicesIfStale, compiledService } from './build-services';
import { builtAfterInputs } from './build-freshness';
import type { AdminCredentials } from './demo-admin';
import { seedDemoDataOnce, type SeedResult } from './demo-seed';
import { formatDuration, timedStep, type SeedProgress } from './start-progress';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ProductConfig {
  /** External PostgreSQL; when absent an embedded server runs in `dataDir`. */
  readonly databaseUrl?: string | undefined;
  readonly eventStoreUrl?: string | undefined;
  readonly dataDir: string;
  readonly embeddedPostgresPort: number;
  readonly port: number;
  /** PUBLIC_URL: where users open the product; links are built on it. Default: the local URL printed at start. */
  readonly publicUrl?: string | undefined;
  readonly commandApiPort: number;
  readonly readApiPort: number;
  readonly seedDemoData: boolean;
  /** Created as the first administrator when the store has no accounts (ADMIN_EMAIL / ADMIN_PASSWORD). */
  readonly admin: AdminCredentials | undefined;
  readonly logLevel: string;
  /** Progress lines for the person starting it. */
  readonly say: (line: string) => void;
  /** How far the demo data's loading has gone (a bar on a terminal, plain lines in a log); none when absent. */
  readonly progress?: SeedProgress;
  /** Tests that load the demo quarter themselves: the rules process is not started (its policies would judge a half-loaded record). */
  readonly withoutRules?: boolean;
  /** More environment for the services (tests: a short policy interval). */
  readonly env?: Readonly<Record<string, string>>;
}

export interface RunningProduct {
  /** The local address the services were reached at (http://localhost:PORT). */
  readonly url: string;
  /** PUBLIC_URL as the services were given it (the local address unless set). */
  readonly publicUrl: string;
  readonly databaseUrl: string;
  /** What the demo seed created on this start (undefined: nothing, the store had data already). */
  readonly seeded: SeedResult | undefined;
  /** Resolves when any service exits on its own (a crash): the product is then down. */
  readonly exited: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Each service's log name, its compiled file in dist/ (scripts/build-services.ts) and the Node flags it runs with.
 * The rules process runs its jobs in the background, where no one waits on a reply: V8's --optimize-for-size keeps
 * it at about 110 MB on the demo instead of 180 to 210 MB, for half as much CPU again on its first pass over the
 * rules (measured three times each, docs/decisions/0030-compiled-services.md).
 */
const SERVICES = [
  { name: 'command-api', compiled: 'command-api', nodeFlags: [] },
  { name: 'rules', compiled: 'rules', nodeFlags: ['--optimize-for-size'] },
  { name: 'projector', compiled: 'projector', nodeFlags: [] },
  { name: 'read-api', compiled: 'read-api', nodeFlags: [] },
  { name: 'ui', compiled: 'ui-server', nodeFlags: [] },
] as const;

/**
 * The whole product on one machine: PostgreSQL (embedded unless DATABASE_URL), the schemas,
 * the UI build, the five services (command API, rules, projector, read API, UI server) as separate processes running
 * their compiled JavaScript (built first when a source changed), and demo data on a first start.
 */
export async function startProduct(config: ProductConfig): Promise<RunningProduct> {
  for (const port of [config.port, config.commandApiPort, config.readApiPort]) {
    if (await portInUse(port))
      throw new Error(
        `Port ${port} is already in use. Stop what uses it, or set PORT / COMMAND_API_PORT / READ_API_PORT.`,
      );
  }
  let embedded: PostgresServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    if (await portInUse(config.embeddedPostgresPort)) {
      throw new Error(
        `Port ${config.embeddedPostgresPort} for the embedded PostgreSQL is in use. Set EMBEDDED_PG_PORT, or point DATABASE_URL at a server.`,
      );
    }
    const pgDataDir = path.join(config.dataDir, 'postgres');
    embedded = await timedStep(
      config.say,
      `Starting PostgreSQL (data in ${path.relative(ROOT, pgDataDir) || pgDataDir})`,
      () => startEmbeddedPostgres({ dataDir: pgDataDir, port: config.embeddedPostgresPort, persistent: true }),
    );
    if (embedded.dataDir !== pgDataDir)
      config.say(
        `  (a link to ${embedded.dataDir}: as root, PostgreSQL runs as the 'postgres' account, which cannot enter this folder)`,
      );
    databaseUrl = withDatabase(embedded.url, 'care');
  }
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    await embedded?.stop();
  };
  try {
    const database = databaseUrl;
    await timedStep(config.say, 'Preparing the database', async () => {
      await ensureDatabase(database);
      await prepareSchemas(database, config.eventStoreUrl);
    });
    await buildUiIfStale(config.say);
    await buildServicesIfStale(config.say);
    const logDir = path.join(config.dataDir, 'logs');
    await mkdir(logDir, { recursive: true });
    const url = `http://localhost:${config.port}`;
    const publicUrl = config.publicUrl ?? url;
    // The launcher read any X_FILE of its own settings (parseEnv) and hands the value on as X.
    const env = withoutResolvedFiles({
      ...process.env,
      DATABASE_URL: databaseUrl,
      EVENTSTORE_URL: config.eventStoreUrl ?? '',
      LOG_LEVEL: config.logLevel,
      COMMAND_API_PORT: String(config.commandApiPort),
      READ_API_PORT: String(config.readApiPort),
      UI_PORT: String(config.port),
      PUBLIC_URL: publicUrl,
      // Download Logs (read API) reads every service's log file here; mail without SMTP_URL is written beside it.
      LOG_DIR: path.resolve(logDir),
      DATA_DIR: path.resolve(config.dataDir),
      COMMAND_API_URL: `http://127.0.0.1:${config.commandApiPort}`,
      READ_API_URL: `http://127.0.0.1:${config.readApiPort}`,
      ADMIN_EMAIL: config.admin?.email ?? '',
      ADMIN_PASSWORD: config.admin?.password ?? '',
      ...config.env,
    });
    const exits: Promise<string>[] = [];
    const spawnService = (service: (typeof SERVICES)[number]) => {
      const logFile = path.join(logDir, `${service.name}.log`);
      // Plain Node on the bundle: no TypeScript compiler loaded into each of the five processes.
      const child = spawn(
        process.execPath,
        ['--enable-source-maps', ...service.nodeFlags, compiledService(service.compiled)],
        {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const out = createWriteStream(logFile, { flags: 'a' });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      children.push(child);
      exits.push(
        new Promise((resolve) =>
          child.once('exit', (code, signal) =>
            resolve(`${service.name} stopped (${signal ?? `exit code ${code}`}); see ${logFile}`),
          ),
        ),
      );
    };
    // The rules process starts last: its policies (a visit not checked in is missed) judge the record as it stands,
    // so they wait until a first start's demo quarter is in.
    for (const service of SERVICES) if (service.name !== 'rules') spawnService(service);
    let exited = Promise.race(exits);
    const ready = async () => {
      await Promise.race([
        Promise.all([
          waitForHttp(`http://127.0.0.1:${config.commandApiPort}/health`),
          waitForHttp(`http://127.0.0.1:${config.readApiPort}/health`),
          waitForHttp(`http://127.0.0.1:${config.port}/`),
        ]),
        exited.then((reason) =>
          Promise.reject(new Error(`${reason}\n${tail(path.join(logDir, reason.split(' ')[0] + '.log'))}`)),
        ),
      ]);
      // The screens read the projections' tables: on a new database the projector builds them first. Until then the
      // product is not ready, and its address is not given out (a first sign-in would meet missing lists).
      await Promise.race([
        waitForReadModels(database),
        exited.then((reason) =>
          Promise.reject(new Error(`${reason}\n${tail(path.join(logDir, reason.split(' ')[0] + '.log'))}`)),
        ),
      ]);
    };
    await timedStep(config.say, 'Starting the services', ready);
    // Never seed a production event store; seeding signs in as the administrator.
    const admin = config.admin;
    const seeded =
      config.seedDemoData && !config.eventStoreUrl && admin
        ? await loadDemoData(database, url, admin, config.say, config.progress)
        : undefined;
    if (!config.withoutRules) {
      spawnService(SERVICES.find((service) => service.name === 'rules')!);
      exited = Promise.race(exits);
    }
    return { url, publicUrl, databaseUrl, seeded, exited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The demo quarter, on a first start or to finish one an earlier start began. */
async function loadDemoData(
  databaseUrl: string,
  url: string,
  admin: AdminCredentials,
  say: (line: string) => void,
  progress: SeedProgress | undefined,
): Promise<SeedResult | undefined> {
  const began = Date.now();
  const seeded = await seedDemoDataOnce(databaseUrl, url, admin, { say, progress });
  if (seeded) say(`Loading the demo data… done in ${formatDuration(Date.now() - began)}`);
  return seeded;
}

async function prepareSchemas(databaseUrl: string, eventStoreUrl: string | undefined): Promise<void> {
  const pool = createPool(databaseUrl, { max: 2 });
  try {
    if (!eventStoreUrl) await (await PostgresEventStore.connect(pool)).close();
    await ensureStatusTables(createReadModelDb(pool));
  } finally {
    await pool.end();
  }
}

/**
 * Where the UI build goes: ui/dist, or UI_DIST_DIR (absolute, or relative to the repository) so that
 * separate checkouts of work in progress can each test their own build. The UI server reads the same variable.
 */
export function uiDistDir(): string {
  return path.resolve(ROOT, process.env.UI_DIST_DIR || 'ui/dist');
}

/** Builds the UI when there is no build yet or a source file (or the build's own config) is newer than it. */
export async function buildUiIfStale(say: (line: string) => void): Promise<void> {
  const outDir = uiDistDir();
  const built = path.join(outDir, 'index.html');
  const inputs = ['ui/src', 'ui/build', 'ui/index.html', 'ui/vite.config.ts'].map((input) => path.join(ROOT, input));
  if (builtAfterInputs(built, inputs)) {
    say('UI build is up to date');
    return;
  }
  const began = Date.now();
  say('Building the UI…');
  const args = [
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    'ui',
    '--logLevel',
    'warn',
    '--outDir',
    outDir,
    '--emptyOutDir',
  ];
  await new Promise<void>((resolve, reject) => {
    // Always the production build: under vitest NODE_ENV is 'test', and Vite would then build React's development
    // bundle, which `npm start` would go on serving while the sources stay unchanged.
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`UI build failed (exit code ${code})`))));
  });
  say(`Building the UI… done in ${formatDuration(Date.now() - began)}`);
}

/** Resolves once every projection serves tables of its own (a version above 0); a rebuild of later versions may go on. */
async function waitForReadModels(databaseUrl: string, timeoutMs = 120_000): Promise<void> {
  const pool = createPool(databaseUrl, { max: 1 });
  const db = createReadModelDb(pool);
  const deadline = Date.now() + timeoutMs;
  let waitingFor: string[] = projections.map((projection) => projection.name);
  try {
    while (Date.now() < deadline) {
      const built = await db
        .withSchema(READ_MODEL_SCHEMA)
        .selectFrom('projection_status')
        .select('name')
        .where('version', '>', 0)
        .execute();
      const names = new Set(built.map((row) => row.name));
      waitingFor = waitingFor.filter((name) => !names.has(name));
      if (waitingFor.length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(
      `The projector did not build the read models within ${timeoutMs / 1000} s (still building: ${waitingFor.join(', ')}); see its log.`,
    );
  } finally {
    await pool.end();
  }
}

async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The last lines of a service's log, shown when it dies during start-up. */
function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-15).join('\n') : '';
}
