import { readFile, writeFile } from 'node:fs/promises';
import { startBenchPostgres, type BenchPostgres } from './postgres';
import { renderTable, targetMet, type Row } from './table';

/** One measurement an issue's bench runs by itself: its name on the command line, what it says, what it does. */
export interface BenchPart {
  readonly name: string;
  readonly says: string;
  readonly measure: (postgres: BenchPostgres, step: (message: string) => void) => Promise<Record<string, number>>;
}

const RESULTS_FILE = new URL('./results.json', import.meta.url);
const step = (message: string) => process.stderr.write(`bench: ${message}\n`);

/**
 * `npx tsx bench/<issue>-bench.ts [part]`: an issue's figures alone (npm run bench runs them too), every part or the
 * one named, printed as the table and merged into bench/results.json beside the other keys.
 */
export function runAlone(parts: readonly BenchPart[], rowsOf: (results: Record<string, number>) => Row[]): void {
  const main = async () => {
    const only = process.argv[2];
    const chosen = parts.filter((part) => only === undefined || part.name === only);
    if (chosen.length === 0)
      throw new Error(`Unknown part ${only}; known: ${parts.map((part) => part.name).join(', ')}`);
    const postgres = await startBenchPostgres();
    const results: Record<string, number> = {};
    try {
      for (const part of chosen) {
        step(part.says);
        Object.assign(results, await part.measure(postgres, (message) => step(`    ${message}`)));
      }
    } finally {
      await postgres.stop();
    }
    const rows = rowsOf(results).filter((row) => Number.isFinite(row.value));
    console.log(renderTable(rows));
    const previous = await readFile(RESULTS_FILE, 'utf8').then(
      (text) => JSON.parse(text) as Record<string, unknown>,
      () => ({}),
    );
    await writeFile(RESULTS_FILE, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
    if (!rows.every(targetMet)) step('one or more targets MISSED (see the table)');
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
