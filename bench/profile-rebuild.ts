import { projections, rebuildProjections } from '@care/projector';
import { startThrowawayPostgres } from '@care/events/server';
import { createTestDatabase } from '@care/events/testing';
import { agencyYear } from './rebuild-mix';
import { load, type Append } from './care-log';
import { startServices, silentLog } from './services';
import { readdirSync, readFileSync } from 'node:fs';
import { now } from './stats';

/** CPU seconds used so far by every running postgres process (user and system). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

/**
 * `npx tsx bench/profile-rebuild.ts [events]`: where a full rebuild of the bench's mix (rebuild-mix.ts) spends its
 * time: each projection's share of the apply time, then the statements that took PostgreSQL longest
 * (pg_stat_statements). A tool for finding the next bottleneck, not a measurement the bench reports.
 */
const main = async () => {
  const target = Number(process.argv[2] ?? 200_000);
  const server = await startThrowawayPostgres([
    '-c',
    'max_connections=200',
    '-c',
    'shared_preload_libraries=pg_stat_statements',
  ]);
  const database = await createTestDatabase(server.url, 'profile_rebuild');
  const services = await startServices(database.url);
  try {
    let events = 0;
    for await (const chunk of agencyYear()) {
      await load(services.pool, chunk as Append[]);
      events += chunk.reduce((sum, append) => sum + append.events.length, 0);
      if (events >= target) break;
    }
    await services.pool.query('analyze es_events');
    await services.pool.query('create extension if not exists pg_stat_statements');
    const spent = new Map<string, { ms: number; events: number }>();
    for (const projection of projections) {
      const apply = projection.apply.bind(projection);
      (projection as { apply: typeof apply }).apply = async (db, batch) => {
        const started = now();
        await apply(db, batch);
        const entry = spent.get(projection.name) ?? { ms: 0, events: 0 };
        entry.ms += now() - started;
        entry.events += batch.length;
        spent.set(projection.name, entry);
      };
    }
    await services.pool.query('select pg_stat_statements_reset()');
    const started = now();
    const [nodeBefore, postgresBefore] = [process.cpuUsage(), postgresCpuSeconds()];
    const members = await rebuildProjections({
      store: services.store,
      pool: services.pool,
      db: services.db,
      log: silentLog,
    });
    const seconds = (now() - started) / 1000;
    for (const member of members)
      if (member.stalled) console.log(`STALLED ${member.projection.name}: ${member.stalled.error}`);
    const nodeCpu = process.cpuUsage(nodeBefore);
    const cpu = { node: (nodeCpu.user + nodeCpu.system) / 1e6, postgres: postgresCpuSeconds() - postgresBefore };
    console.log(
      `${events} events in ${seconds.toFixed(1)} s: ${Math.round(events / seconds)} events/s; CPU: node ${cpu.node.toFixed(1)} s, postgres ${cpu.postgres.toFixed(1)} s`,
    );
    for (const [name, entry] of [...spent].sort((a, b) => b[1].ms - a[1].ms))
      console.log(
        `${name.padEnd(20)} ${(entry.ms / 1000).toFixed(2).padStart(8)} s ${String(entry.events).padStart(9)} events`,
      );
    const { rows } = await services.pool.query<{ ms: number; calls: string; rows: string; query: string }>(
      "select round(total_exec_time) as ms, calls, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as query from pg_stat_statements order by total_exec_time desc limit 15",
    );
    for (const row of rows)
      console.log(
        `${String(row.ms).padStart(7)} ms ${String(row.calls).padStart(6)} calls ${String(row.rows).padStart(8)} rows  ${row.query}`,
      );
  } finally {
    await services.close();
    await database.drop();
    await server.stop();
  }
};
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
