import { readFile, writeFile } from 'node:fs/promises';
import { measureReports, reportRows } from './reports';
import { startBenchPostgres } from './postgres';
import { renderTable, targetMet } from './table';

/** `npx tsx bench/reports-bench.ts`: issue 21's figures alone (npm run bench runs them too), merged into bench/results.json. */
const RESULTS_FILE = new URL('./results.json', import.meta.url);

async function main(): Promise<void> {
  const postgres = await startBenchPostgres();
  let results;
  try {
    process.stderr.write('bench: Reports & Analytics over a year of 100,000 visits\n');
    results = await measureReports(await postgres.freshDatabase('reports'));
  } finally {
    await postgres.stop();
  }
  const rows = reportRows(results);
  console.log(renderTable(rows));
  const previous = await readFile(RESULTS_FILE, 'utf8').then((text) => JSON.parse(text) as Record<string, unknown>, () => ({}));
  await writeFile(RESULTS_FILE, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
  if (!rows.every(targetMet)) process.stderr.write('bench: one or more targets MISSED (see the table)\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
