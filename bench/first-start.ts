import { type ChildProcess, spawn } from 'node:child_process';
import { lstat, mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@care/events/server';
import { now, round } from './stats';
import type { Row } from './table';

/** The line `npm start` prints once the product answers; the address follows it. */
export const RUNNING = /Care platform is running:\s+(\S+)/;
/** Each step of a start ends with "<what it did>… done in <time>" (scripts/start-progress.ts, formatDuration). */
const STEP_DONE = /^\s*(.+?)(?:…|\.\.\.) done in (.+?)\s*$/;

/** A first start builds the database and loads the demo data: a quarter of an hour is far past any sane figure. */
const FIRST_START_TIMEOUT_MS = 15 * 60_000;
const SECOND_START_TIMEOUT_MS = 5 * 60_000;
/** Ctrl+C stops five services and PostgreSQL; past this the processes are killed so the bench never leaves them. */
const STOP_TIMEOUT_MS = 60_000;

const ROOT = path.resolve(import.meta.dirname, '..');

/** `firstStartS`, `secondStartS`, and the steps each start timed itself (`firstStartSeedS`, `secondStartServicesS`…). */
export type FirstStartFigures = Record<string, number>;

/**
 * `npm start` as a user runs it, after the dependencies are installed: `npx tsx scripts/start.ts` on an empty data
 * folder (embedded PostgreSQL, demo data), timed from the launch to the line that gives its address; then Ctrl+C
 * (SIGINT to its process group, as a terminal sends it), and once every process of it has gone, a second start on the
 * same folder, timed the same way. The UI is built only when its sources are newer than the build, as on a user's
 * machine after the first build; when it is, the build is part of the figure and shows as `firstStartUiBuildS`.
 */
export async function measureFirstStart(step: (message: string) => void = () => undefined): Promise<FirstStartFigures> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-bench-first-start-'));
  const env: NodeJS.ProcessEnv = {
    ...withoutProductSettings(process.env),
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    COMMAND_API_PORT: String(await freePort()),
    READ_API_PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  try {
    const first = await timedStart('first', env, FIRST_START_TIMEOUT_MS, step);
    const second = await timedStart('second', env, SECOND_START_TIMEOUT_MS, step);
    return {
      firstStartS: first.seconds,
      ...stepKeys('firstStart', first.steps),
      firstStopS: first.stopSeconds,
      secondStartS: second.seconds,
      ...stepKeys('secondStart', second.steps),
    };
  } finally {
    await removeDataDir(dataDir);
  }
}

interface TimedStart {
  readonly seconds: number;
  readonly steps: ReadonlyMap<string, number>;
  /** From Ctrl+C until the last process of the product had gone. */
  readonly stopSeconds: number;
}

/** One start, timed to its address line, checked to answer there, then stopped; always stopped, also on failure. */
async function timedStart(
  which: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  step: (message: string) => void,
): Promise<TimedStart> {
  step(`${which} start`);
  const began = now();
  // A process group of its own, so that Ctrl+C can be sent as a terminal sends it: to npx, tsx, the start script,
  // its services and PostgreSQL alike.
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  const output: string[] = [];
  const steps = new Map<string, number>();
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the ${which} start printed no address within ${timeoutMs / 60_000} min`)),
        timeoutMs,
      );
      const read = (line: string) => {
        output.push(line);
        if (output.length > 40) output.shift();
        const done = STEP_DONE.exec(line);
        const seconds = done ? parseDuration(done[2]!) : undefined;
        if (done && seconds !== undefined) {
          steps.set(done[1]!, (steps.get(done[1]!) ?? 0) + seconds);
          step(`    ${line.trim()}`);
        }
        const running = RUNNING.exec(line);
        if (running) {
          clearTimeout(timer);
          resolve(running[1]!);
        }
      };
      createInterface({ input: child.stdout! }).on('line', read);
      createInterface({ input: child.stderr! }).on('line', read);
      void exited.then((reason) => {
        clearTimeout(timer);
        reject(new Error(`the ${which} start ended (${reason}) before printing its address:\n${output.join('\n')}`));
      });
    });
    const seconds = (now() - began) / 1000;
    step(`    address printed after ${round(seconds, 1)} s`);
    // The figure means something only if the address it printed serves the screens.
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status} after the ${which} start`);
    const stopBegan = now();
    await stopGroup(child);
    return { seconds: round(seconds, 1), steps, stopSeconds: round((now() - stopBegan) / 1000, 1) };
  } finally {
    await stopGroup(child);
  }
}

/**
 * Ctrl+C to the whole group, then waits until no process of it is left (npx may end before the start script has
 * stopped PostgreSQL); kills the group if it outlives STOP_TIMEOUT_MS. Does nothing when the group has gone.
 */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const group = child.pid;
  if (group === undefined || !groupAlive(group)) return;
  signalGroup(group, 'SIGINT');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive(group)) {
    if (Date.now() > deadline) {
      signalGroup(group, 'SIGKILL');
      if (Date.now() > deadline + 10_000) throw new Error(`processes of group ${group} survived SIGKILL`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch (error) {
    // EPERM: a member runs as another account (PostgreSQL as 'postgres' when started by root) and is still there.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // Gone between the check and the signal.
  }
}

/**
 * The environment a user's shell would give `npm start`: the bench's own settings for another server, administrator
 * or event store would turn the embedded first start into something else.
 */
export function withoutProductSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _database,
    EVENTSTORE_URL: _eventStore,
    ADMIN_EMAIL: _email,
    ADMIN_PASSWORD: _password,
    PUBLIC_URL: _publicUrl,
    SEED_DEMO_DATA: _seed,
    LOG_LEVEL: _logLevel,
    ...rest
  } = env;
  return rest;
}

/** The data folder, and the cluster folder it links to when PostgreSQL had to be placed elsewhere (run as root). */
export async function removeDataDir(dataDir: string): Promise<void> {
  const pgDir = path.join(dataDir, 'postgres');
  const linked = await lstat(pgDir).then(
    async (stats) => (stats.isSymbolicLink() ? await realpath(pgDir) : undefined),
    () => undefined,
  );
  if (linked) await rm(linked, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
}

/** "0.4 s", "41 s", "3 min 20 s", "3 min" (formatDuration's forms) in seconds; undefined for anything else. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d+) min)?\s*(?:(\d+(?:\.\d+)?) s)?$/.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

/** Short names for the steps a start prints today; any other step gets its words run together. */
const STEP_NAMES: readonly (readonly [RegExp, string])[] = [
  [/postgresql/i, 'Postgres'],
  [/preparing the database/i, 'Database'],
  [/building the ui/i, 'UiBuild'],
  [/starting the services/i, 'Services'],
  [/payroll/i, 'SeedPayroll'],
  [/invoices/i, 'SeedInvoices'],
  [/demo data/i, 'Seed'],
];

function stepName(label: string): string {
  const known = STEP_NAMES.find(([pattern]) => pattern.test(label));
  if (known) return known[1];
  return label
    .replace(/\(.*?\)/g, ' ')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '' && !['the', 'a', 'an', 'of'].includes(word.toLowerCase()))
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}

function stepKeys(prefix: string, steps: ReadonlyMap<string, number>): Record<string, number> {
  const keys: Record<string, number> = {};
  for (const [label, seconds] of steps) {
    const key = `${prefix}${stepName(label)}S`;
    keys[key] = round((keys[key] ?? 0) + seconds, 1);
  }
  return keys;
}

/** The two starts against their targets, then each start's own steps in the order they were printed. */
export function firstStartRows(results: Partial<FirstStartFigures>): Row[] {
  const stepRows = (prefix: string) =>
    Object.entries(results)
      .filter(
        ([metric, value]) =>
          metric.startsWith(prefix) && metric !== `${prefix}S` && metric.endsWith('S') && value !== undefined,
      )
      .map(([metric, value]) => ({ metric, value: value ?? Number.NaN, unit: 's' }));
  return [
    { metric: 'firstStartS', value: results.firstStartS ?? Number.NaN, unit: 's', target: { atMost: 90 } },
    ...stepRows('firstStart'),
    { metric: 'firstStopS', value: results.firstStopS ?? Number.NaN, unit: 's' },
    { metric: 'secondStartS', value: results.secondStartS ?? Number.NaN, unit: 's', target: { atMost: 15 } },
    ...stepRows('secondStart'),
  ];
}
