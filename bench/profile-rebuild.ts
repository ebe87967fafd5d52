import { projections, rebuildProjections } from '@care/projector';
import { agencyYear } from './rebuild-mix';
import { load, type Append } from './care-log';
import { startBenchPostgres } from './postgres';
import { startServices, silentLog } from './services';
import { now } from './stats';

/** `npx tsx bench/profile-rebuild.ts [events]`: where a full rebuild spends its time, projection by projection. */
const main = async () => {
  const target = Number(process.argv[2] ?? 200_000);
  const postgres = await startBenchPostgres();
  const services = await startServices(await postgres.freshDatabase('profile_rebuild'));
  try {
    let events = 0;
    for await (const chunk of agencyYear()) {
      await load(services.pool, chunk as Append[]);
      events += chunk.reduce((sum, append) => sum + append.events.length, 0);
      if (events >= target) break;
    }
    await services.pool.query('analyze es_events');
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
    const started = now();
    const members = await rebuildProjections({ store: services.store, pool: services.pool, db: services.db, log: silentLog });
    for (const member of members) if (member.stalled) console.log(`STALLED ${member.projection.name}: ${member.stalled.error}`);
    const seconds = (now() - started) / 1000;
    console.log(`${events} events in ${seconds.toFixed(1)} s: ${Math.round(events / seconds)} events/s`);
    for (const [name, entry] of [...spent].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${name.padEnd(20)} ${(entry.ms / 1000).toFixed(2).padStart(8)} s ${String(entry.events).padStart(9)} events`);
    for (const query of (process.env.PROFILE_SQL ?? '').split(';').filter(Boolean)) console.log(query, (await services.pool.query(query)).rows);
  } finally {
    await services.close();
    await postgres.stop();
  }
};
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
