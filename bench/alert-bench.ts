import { readFile, writeFile } from 'node:fs/promises';
import { measureAlertPush } from './alert-push';
import { measureDashboardStats } from './dashboard-stats';
import { startBenchPostgres } from './postgres';
import { alertRows } from './alert-bench-rows';
import { renderTable, targetMet } from './table';

/**
 * `npx tsx bench/alert-bench.ts [push|stats]`: issue 15's figures alone (npm run bench runs them too), merged into
 * bench/results.json beside the others.
 */
const RESULTS_FILE = new URL('./results.json', import.meta.url);
const step = (message: string) => process.stderr.write(`bench: ${message}\n`);

async function main(): Promise<void> {
  const only = process.argv[2];
  const postgres = await startBenchPostgres();
  const results: Record<string, number> = {};
  try {
    if (only !== 'stats') {
      step('alert push: AlertRaised committed → alerts:count at socket.io clients of a second read-api instance (1, then 1,000)');
      Object.assign(results, await measureAlertPush(await postgres.freshDatabase('alert_push'), (message) => step(`    ${message}`)));
    }
    if (only !== 'push') {
      step('GET /api/dashboard/stats at 100,000 visits and 5,000 active alerts');
      Object.assign(results, await measureDashboardStats(await postgres.freshDatabase('dashboard_stats')));
    }
  } finally {
    await postgres.stop();
  }
  const rows = alertRows(results);
  console.log(renderTable(rows));
  const previous = await readFile(RESULTS_FILE, 'utf8').then((text) => JSON.parse(text) as Record<string, unknown>, () => ({}));
  await writeFile(RESULTS_FILE, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
  if (!rows.every(targetMet)) step('one or more targets MISSED (see the table)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
