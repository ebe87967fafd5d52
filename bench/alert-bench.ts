import { measureAlertPush } from './alert-push';
import { measureDashboardStats } from './dashboard-stats';
import { alertRows } from './alert-bench-rows';
import { runAlone } from './run-alone';

/** `npx tsx bench/alert-bench.ts [push|stats]`: the alert figures alone (npm run bench runs them too). */
runAlone(
  [
    {
      name: 'push',
      says: 'alert push: AlertRaised committed → alerts:count at socket.io clients of a second read-api instance (1, then 1,000)',
      measure: async (postgres, step) => ({
        ...(await measureAlertPush(await postgres.freshDatabase('alert_push'), step)),
      }),
    },
    {
      name: 'stats',
      says: 'GET /api/dashboard/stats at 100,000 visits and 5,000 active alerts',
      measure: async (postgres) => ({
        ...(await measureDashboardStats(await postgres.freshDatabase('dashboard_stats'))),
      }),
    },
  ],
  alertRows,
);
