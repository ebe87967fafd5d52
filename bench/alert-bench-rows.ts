import type { Row } from './table';

/** The table rows of the alert figures (bench/run.ts and bench/alert-bench.ts), with their targets. */
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
  add('alertsPageP50Ms', 'ms');
  add('alertsPageP99Ms', 'ms', { atMost: 20 });
  add('alertsPage7P50Ms', 'ms');
  add('alertsPage7P99Ms', 'ms');
  add('alertsListPageP50Ms', 'ms');
  add('alertsListPageP99Ms', 'ms');
  return rows;
}
