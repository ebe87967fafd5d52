import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { freePort } from '@care/events/server';
import { demoAdmin } from '../scripts/demo-admin';
import { FEEDBACK } from './commands';
import { RUNNING, removeDataDir, stopGroup, withoutProductSettings } from './first-start';
import { keepAliveLoad } from './http-load';
import { runAlone } from './run-alone';
import { round } from './stats';
import type { Row } from './table';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The five services, by the name of their compiled file (dist/<name>.mjs) and the key their figure is written under. */
const SERVICES = [
  { file: 'command-api', key: 'CommandApi' },
  { file: 'projector', key: 'Projector' },
  { file: 'read-api', key: 'ReadApi' },
  { file: 'rules', key: 'Rules' },
  { file: 'ui-server', key: 'UiServer' },
] as const;

/** A first start loads the demo quarter: a quarter of an hour is far past any sane figure. */
const START_TIMEOUT_MS = 15 * 60_000;
/**
 * After the address is printed the rules process has only just started, and its first pass over every alert rule is
 * the busiest minute of its day: the figure is taken once that pass is over.
 */
const SETTLE_MS = 60_000;
/**
 * The bounded load: reads and feedback commands through the UI server, as browsers would send them, for a minute
 * (`npm run bench`), or for SERVICE_MEMORY_LOAD_MINUTES (up to 60) when run alone as a soak.
 */
const LOAD_MS =
  z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(1)
    .parse(process.env.SERVICE_MEMORY_LOAD_MINUTES || undefined) * 60_000;

export type ServiceMemoryFigures = Record<string, number>;

/**
 * The resident memory (VmRSS) of the five services of `npm start` on the demo data: the product started on an empty
 * data folder (which loads the demo quarter) and measured; stopped and started again on that folder, as every later
 * day starts, and measured once settled (`serviceRssMb`, each service under its own key); then a minute of requests
 * through the UI server (the list screens' first pages, the dashboard, a care plan's PDF and the feedback command,
 * one keep-alive connection each) and measured again (`serviceRssMbAfterLoad`).
 */
export async function measureServiceMemory(step: (message: string) => void = () => undefined) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-bench-memory-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...withoutProductSettings(process.env),
    DATA_DIR: dataDir,
    PORT: String(port),
    COMMAND_API_PORT: String(await freePort()),
    READ_API_PORT: String(await freePort()),
    EMBEDDED_PG_PORT: String(await freePort()),
  };
  try {
    step('first start (loads the demo quarter)');
    const first = await startDemo(env);
    const afterSeed: ServiceMemoryFigures = {};
    try {
      Object.assign(afterSeed, figures('serviceRssMbAfterSeed', servicesRss(first)));
    } finally {
      await stopGroup(first);
    }
    step('second start on the same data');
    const second = await startDemo(env);
    try {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const started = figures('serviceRssMb', servicesRss(second));
      step(`    ${started.serviceRssMb} MB after start; ${LOAD_MS / 60_000} minute(s) of requests`);
      const requests = await demoLoad(`http://localhost:${port}`, dataDir);
      const loaded = figures('serviceRssMbAfterLoad', servicesRss(second));
      return { ...started, ...loaded, serviceLoadRequests: requests, ...afterSeed };
    } finally {
      await stopGroup(second);
    }
  } finally {
    await removeDataDir(dataDir);
  }
}

/** `npm start` in a process group of its own (stopped as Ctrl+C stops it), resolved once it prints its address. */
async function startDemo(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', 'scripts/start.ts'], { cwd: ROOT, env, detached: true, stdio: 'pipe' });
  const output: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('npm start printed no address in time')), START_TIMEOUT_MS);
      const read = (line: string) => {
        output.push(line);
        if (output.length > 40) output.shift();
        if (RUNNING.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      };
      createInterface({ input: child.stdout! }).on('line', read);
      createInterface({ input: child.stderr! }).on('line', read);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`npm start ended (${signal ?? `exit code ${code}`}):\n${output.join('\n')}`));
      });
    });
    return child;
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
}

/** Each service's VmRSS in MB, found among the processes of the start's group by its compiled file's name. */
function servicesRss(start: ChildProcess): Map<string, number> {
  const group = start.pid;
  const rss = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const status = readProc(pid, 'status');
    const stat = readProc(pid, 'stat');
    // Field 5 of /proc/<pid>/stat, after the parenthesised command name, is the process group.
    const processGroup = Number(stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    if (status === undefined || processGroup !== group) continue;
    const args = readProc(pid, 'cmdline')?.split('\0') ?? [];
    const service = SERVICES.find(({ file }) => args.some((arg) => arg.endsWith(`dist/${file}.mjs`)));
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (service && kb) rss.set(service.key, Number(kb) / 1024);
  }
  const missing = SERVICES.filter(({ key }) => !rss.has(key)).map(({ file }) => file);
  if (missing.length > 0) throw new Error(`no running process found for ${missing.join(', ')}`);
  return rss;
}

function readProc(pid: string, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    // The process ended while the list was read.
    return undefined;
  }
}

function figures(prefix: string, rss: ReadonlyMap<string, number>): ServiceMemoryFigures {
  const result: ServiceMemoryFigures = {
    [prefix]: round(
      [...rss.values()].reduce((sum, mb) => sum + mb, 0),
      0,
    ),
  };
  for (const [key, mb] of rss) result[`${prefix}${key}`] = round(mb, 0);
  return result;
}

/** A minute of requests as the demo administrator; every reply must succeed. The number of requests sent. */
async function demoLoad(url: string, dataDir: string): Promise<number> {
  const admin = await demoAdmin(dataDir);
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`the demo administrator could not sign in: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const headers = { cookie, origin: url, 'accept-encoding': 'gzip, deflate, br, zstd' };
  const plans = await fetch(`${url}/api/care-plans`, { headers });
  const [plan] = z
    .array(z.object({ id: z.string() }))
    .min(1, 'the demo data has no care plan to print')
    .parse(await plans.json());
  const reads = [
    '/api/carers',
    '/api/clients',
    `/api/appointments?date=${new Date().toISOString().slice(0, 10)}`,
    '/api/dashboard/stats',
    '/api/alert-items',
    '/api/diary',
    `/api/care-plans/${plan!.id}/pdf`,
  ].map((read) => `${url.replace('localhost', '127.0.0.1')}${read}`);
  const results = await Promise.all([
    ...reads.map((read) => keepAliveLoad(read, headers, 1, LOAD_MS)),
    keepAliveLoad(`${url.replace('localhost', '127.0.0.1')}/api/feedback`, headers, 1, LOAD_MS, {
      method: 'POST',
      body: JSON.stringify(FEEDBACK),
      status: 201,
    }),
  ]);
  return results.reduce((sum, result) => sum + result.requests, 0);
}

/** The five together against the target, then each service, after start and after the load. */
export function serviceMemoryRows(results: Record<string, number>): Row[] {
  const each = (prefix: string) =>
    SERVICES.map(({ key }) => ({
      metric: `${prefix}${key}`,
      value: results[`${prefix}${key}`] ?? Number.NaN,
      unit: 'MB',
    }));
  return [
    { metric: 'serviceRssMb', value: results.serviceRssMb ?? Number.NaN, unit: 'MB', target: { atMost: 600 } },
    ...each('serviceRssMb'),
    { metric: 'serviceRssMbAfterLoad', value: results.serviceRssMbAfterLoad ?? Number.NaN, unit: 'MB' },
    ...each('serviceRssMbAfterLoad'),
    { metric: 'serviceLoadRequests', value: results.serviceLoadRequests ?? Number.NaN, unit: 'requests' },
    { metric: 'serviceRssMbAfterSeed', value: results.serviceRssMbAfterSeed ?? Number.NaN, unit: 'MB' },
  ];
}

if (process.argv[1]?.endsWith('service-memory.ts')) {
  runAlone(
    [
      {
        name: 'memory',
        says: "the five services' resident memory on the demo data: after start, and after a minute of requests",
        measure: (_postgres, step) => measureServiceMemory(step),
      },
    ],
    serviceMemoryRows,
  );
}
