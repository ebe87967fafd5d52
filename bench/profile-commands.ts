import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPool, freePort, startThrowawayPostgres } from '@care/events/server';
import { createTestDatabase } from '@care/events/testing';
import { startProduct } from '../scripts/product';
import { keepAliveLoad, type LoadRequest } from './http-load';

/**
 * `npx tsx bench/profile-commands.ts [mode] [seconds]`: where the CPU of one request goes, process by process, under
 * the load the bench's commands and proxy steps make (the product as `npm start` runs it, on an empty database).
 * Modes: `proxied` and `direct` (POST /api/feedback, 8 connections, through the UI server or straight to the command
 * API), `read-proxied` and `read-direct` (GET /api/auth/user, 20 connections). Prints each process's CPU seconds and
 * microseconds per request, and PostgreSQL's costliest statements (pg_stat_statements). A tool for finding the next
 * bottleneck, not a measurement the bench reports.
 */
const MODES = ['proxied', 'direct', 'read-proxied', 'read-direct'] as const;
type Mode = (typeof MODES)[number];

const FEEDBACK = JSON.stringify({
  type: 'suggestion',
  category: 'general',
  message: 'The rota could show travel time between visits.',
  rating: null,
  page: '/scheduling',
});
const TICKS_PER_SECOND = 100;

/** CPU seconds by process: the five services by entry file, PostgreSQL's backends together, this process. */
async function cpuByProcess(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let args: string;
    let stat: string;
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name =
      /(command-api\/src\/rules|command-api|projector|read-api|ui\/server)/.exec(args)?.[1] ??
      (args.startsWith('postgres:')
        ? /\d+\.\d+\.\d+\.\d+\(/.test(args)
          ? 'postgres backends'
          : 'postgres (other)'
        : Number(pid) === process.pid
          ? 'load (this process)'
          : undefined);
    if (!name) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
  }
  return out;
}

async function main(): Promise<void> {
  const mode = (process.argv[2] ?? 'proxied') as Mode;
  if (!MODES.includes(mode)) throw new Error(`Unknown mode ${mode}; known: ${MODES.join(', ')}`);
  const seconds = Number(process.argv[3] ?? 8);
  const server = await startThrowawayPostgres([
    '-c',
    'max_connections=200',
    '-c',
    'shared_preload_libraries=pg_stat_statements',
  ]);
  const database = await createTestDatabase(server.url, 'profile_commands');
  const pool = createPool(database.url, { max: 1 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'care-profile-commands-'));
  const admin = { email: 'admin-bench@example.org', password: randomBytes(12).toString('base64url') };
  const [commandApiPort, readApiPort] = [await freePort(), await freePort()];
  try {
    await pool.query('create extension if not exists pg_stat_statements');
    const product = await startProduct({
      databaseUrl: database.url,
      dataDir,
      embeddedPostgresPort: 0,
      port: await freePort(),
      commandApiPort,
      readApiPort,
      seedDemoData: false,
      admin,
      logLevel: 'warn',
      say: () => undefined,
    });
    try {
      const uiUrl = product.url.replace('localhost', '127.0.0.1');
      const login = await fetch(`${uiUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: uiUrl },
        body: JSON.stringify(admin),
      });
      const cookie = login.headers
        .getSetCookie()
        .find((line) => line.startsWith('care.sid='))
        ?.split(';')[0];
      if (!cookie) throw new Error(`sign-in answered ${login.status}`);
      const headers = { cookie, origin: product.publicUrl };
      const reads = mode.startsWith('read');
      const base =
        mode === 'direct'
          ? `http://127.0.0.1:${commandApiPort}`
          : mode === 'read-direct'
            ? `http://127.0.0.1:${readApiPort}`
            : uiUrl;
      const url = `${base}${reads ? '/api/auth/user' : '/api/feedback'}`;
      const request: LoadRequest | undefined = reads ? undefined : { method: 'POST', body: FEEDBACK, status: 201 };
      const connections = reads ? 20 : 8;
      await keepAliveLoad(url, headers, connections, 2000, request);
      await pool.query('select pg_stat_statements_reset()');
      const before = await cpuByProcess();
      const result = await keepAliveLoad(url, headers, connections, seconds * 1000, request);
      const after = await cpuByProcess();
      console.log(`${mode}: ${Math.round(result.perSec)} requests/s, ${result.requests} in ${seconds} s`);
      let total = 0;
      for (const [name, cpu] of [...after]
        .map(([name, cpu]) => [name, cpu - (before.get(name) ?? 0)] as const)
        .sort((a, b) => b[1] - a[1])) {
        if (cpu < 0.01) continue;
        total += cpu;
        console.log(
          `${name.padEnd(28)} ${cpu.toFixed(2).padStart(6)} s ${((cpu / result.requests) * 1e6).toFixed(0).padStart(6)} µs/request`,
        );
      }
      console.log(
        `${'all'.padEnd(28)} ${total.toFixed(2).padStart(6)} s ${((total / result.requests) * 1e6).toFixed(0).padStart(6)} µs/request (of ${os.availableParallelism() * seconds} core-seconds)`,
      );
      const top = await pool.query(
        "select round(total_exec_time) as ms, calls, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query from pg_stat_statements order by total_exec_time desc limit 15",
      );
      console.table(top.rows);
    } finally {
      await product.stop();
    }
  } finally {
    await pool.end();
    await database.drop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
