import { measureAlertPush } from './alert-push';
import { measureAlertsPage } from './alerts-page';
import { measureDashboardStats } from './dashboard-stats';
import { alertRows } from './alert-bench-rows';
import { runAlone } from './run-alone';

/** `npx tsx bench/alert-bench.ts [push|stats|page]`: the alert figures alone (npm run bench runs them too). */
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
    {
      name: 'page',
      says: 'the first page of GET /api/alert-items (50 and 7 rows) and GET /api/alerts over 5,000 open alerts in 300 groups',
      measure: async (postgres) => ({
        ...(await measureAlertsPage(await postgres.freshDatabase('alerts_page'))),
      }),
    },
  ],
  alertRows,
);
