import pg from 'pg';
import { startEmbeddedPostgres } from './postgres-server';

/**
 * Run by postgres-server-any-folder.int.test.ts from a copy of the checkout inside a 0700 folder:
 * starts the embedded server on the data folder given, counts one more start in a table, stops it,
 * and prints what it saw as JSON on the last line of stdout.
 */
const [dataDir, port] = process.argv.slice(2);
if (!dataDir || !port) throw new Error('usage: probe <dataDir> <port>');
const server = await startEmbeddedPostgres({
  dataDir,
  port: Number(port),
  persistent: true,
  onLog: (line) => process.stderr.write(line),
});
try {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const one = await client.query<{ one: number }>('select 1 as one');
    await client.query('create table if not exists probe_starts (at timestamptz not null default now())');
    await client.query('insert into probe_starts default values');
    const starts = await client.query<{ count: string }>('select count(*) from probe_starts');
    console.log(JSON.stringify({ one: one.rows[0]?.one, starts: Number(starts.rows[0]?.count) }));
  } finally {
    await client.end();
  }
} finally {
  await server.stop();
}
