import { measureReports, reportRows } from './reports';
import { runAlone } from './run-alone';

/** `npx tsx bench/reports-bench.ts`: the Reports & Analytics figures alone (npm run bench runs them too). */
runAlone(
  [
    {
      name: 'reports',
      says: 'Reports & Analytics over a year of 100,000 visits',
      measure: async (postgres) => ({ ...(await measureReports(await postgres.freshDatabase('reports'))) }),
    },
  ],
  reportRows,
);
