import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { addDays, londonToday } from '@care/events';
import { createReadModelDb, READ_MODEL_SCHEMA, projections } from '@care/projector';
import { ReportQueries } from '../read-api/src/reports/report-queries';
import { startBenchPostgres } from './postgres';
import { now, percentile } from './stats';

const postgres = await startBenchPostgres();
try {
  const url = await postgres.freshDatabase('reports_probe');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = createReadModelDb(pool);
  await sql`create schema if not exists ${sql.id(READ_MODEL_SCHEMA)}`.execute(db);
  for (const projection of projections.filter((p) => ['reports', 'alerts', 'carers', 'training'].includes(p.name))) {
    await projection.schema.create(db.withSchema(READ_MODEL_SCHEMA) as Kysely<unknown>);
    await projection.schema.indexes?.(db.withSchema(READ_MODEL_SCHEMA) as Kysely<unknown>);
  }
  const today = londonToday();
  await sql`insert into read_model.report_carers select gen_random_uuid(), 'A', 'B' || g, (array['north','south','east','west','central'])[1 + g % 5], true, false from generate_series(1, 60) g`.execute(db);
  await sql`insert into read_model.report_carer_days select d::date, c.id, 5, 4, 3, 0, 0, 0, 180, 220, 12, 10, 4, 2, 7 from generate_series(${addDays(today, -364)}::date, ${today}::date, '1 day') d, read_model.report_carers c`.execute(db);
  await sql`insert into read_model.report_days select date, sum(total), sum(completed), sum(on_time), 0, 0, 0, sum(completed_minutes), sum(booked_minutes), sum(tasks_planned), sum(tasks_done), sum(documented), sum(rated), sum(rating_sum) from read_model.report_carer_days group by date`.execute(db);
  await sql`vacuum analyze read_model.report_carer_days`.execute(db);
  const queries = new ReportQueries(db);
  const scope = { from: addDays(today, -364), to: today, region: null, carerId: null };
  for (const [name, run] of [['overview', () => queries.overview(scope)], ['performance', () => queries.performance(scope)]] as const) {
    for (let i = 0; i < 10; i += 1) await run();
    const samples: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const begin = now();
      await run();
      samples.push(now() - begin);
    }
    console.log(name, 'p50', percentile(samples, 50).toFixed(2), 'p99', percentile(samples, 99).toFixed(2));
  }
  const plan = await sql<{ 'QUERY PLAN': string }>`explain analyze select to_char(date_trunc('month', d.date)::date, 'YYYY-MM-DD'), sum(total), sum(completed), sum(on_time) from read_model.report_carer_days d where d.date >= ${scope.from}::date and d.date <= ${scope.to}::date group by 1`.execute(db);
  console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
  await db.destroy();
} finally {
  await postgres.stop();
}
