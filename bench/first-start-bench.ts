import { firstStartRows, measureFirstStart } from './first-start';
import { runAlone } from './run-alone';

/** `npx tsx bench/first-start-bench.ts`: how long `npm start` takes, first and second start, alone (npm run bench runs it too). */
runAlone(
  [
    {
      name: 'start',
      says: '`npm start` on an empty data folder until it prints its address, then again on the same folder',
      // The product brings its own embedded PostgreSQL, as a user's does: the bench's server is not used.
      measure: async (_postgres, step) => ({ ...(await measureFirstStart(step)) }),
    },
  ],
  firstStartRows,
);
