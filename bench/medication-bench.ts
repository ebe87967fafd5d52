import { readFile, writeFile } from 'node:fs/promises';
import { measureMedicationDue } from './medication-due';
import { startBenchPostgres } from './postgres';
import { renderTable, targetMet, type Row } from './table';

/** `npx tsx bench/medication-bench.ts`: the medication figure alone (npm run bench runs it too), merged into bench/results.json. */
const RESULTS_FILE = new URL('./results.json', import.meta.url);
const step = (message: string) => process.stderr.write(`bench: ${message}\n`);

export function medicationRows(results: Record<string, number>): Row[] {
  const rows: Row[] = [];
  if (results.medicationDueP50Ms !== undefined)
    rows.push({ metric: 'medicationDueP50Ms', value: results.medicationDueP50Ms, unit: 'ms' });
  if (results.medicationDueP99Ms !== undefined)
    rows.push({ metric: 'medicationDueP99Ms', value: results.medicationDueP99Ms, unit: 'ms', target: { atMost: 20 } });
  return rows;
}

async function main(): Promise<void> {
  const postgres = await startBenchPostgres();
  let results: Record<string, number>;
  try {
    step('GET /api/medications/due with 2,000 active prescriptions and a year of records');
    results = {
      ...(await measureMedicationDue(await postgres.freshDatabase('medication_due'), (message) =>
        step(`    ${message}`),
      )),
    };
  } finally {
    await postgres.stop();
  }
  const rows = medicationRows(results);
  console.log(renderTable(rows));
  const previous = await readFile(RESULTS_FILE, 'utf8').then(
    (text) => JSON.parse(text) as Record<string, unknown>,
    () => ({}),
  );
  await writeFile(RESULTS_FILE, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
  if (!rows.every(targetMet)) step('the target was MISSED (see the table)');
}

if (process.argv[1]?.endsWith('medication-bench.ts')) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
