import { readFile, writeFile } from 'node:fs/promises';
import { measureAlertPush } from './alert-push';
import { measureDashboardStats } from './dashboard-stats';
import { startBenchPostgres } from './postgres';
import { renderTable, targetMet, type Row } from './table';

/**
 * `npx tsx bench/alert-bench.ts [push|stats]`: issue 15's figures alone (npm run bench runs them too), merged into
 * bench/results.json beside the others.
 */
const RESULTS_FILE = new URL('./results.json', import.meta.url);
const step = (message: string) => process.stderr.write(`bench: ${message}\n`);

export function alertRows(results: Record<string, number>): Row[] {
  const rows: Row[] = [];
  const add = (metric: string, unit: string, target?: Row['target']) => {
    if (results[metric] !== undefined) rows.push({ metric, value: results[metric]!, unit, ...(target && { target }) });
  };
  add('alertPushP50Ms', 'ms');
  add('alertPushP95Ms', 'ms', { atMost: 150 });
  add('alertPush1000P50Ms', 'ms');
  add('alertPush1000P95Ms', 'ms', { atMost: 250 });
  add('dashboardStatsP50Ms', 'ms');
  add('dashboardStatsP99Ms', 'ms', { atMost: 20 });
  return rows;
}

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
