import type { Row } from './table';
import { measureRebuildMix } from './rebuild-mix';
import { runAlone } from './run-alone';

/** `npx tsx bench/rebuild-bench.ts`: the full rebuild over a year of a large agency, alone (npm run bench runs it too). */
if (process.argv[1]?.endsWith('rebuild-bench.ts')) {
  runAlone(
    [
      {
        name: 'rebuild-mix',
        says: 'a full rebuild of every projection over a year of a large agency (about 1,000,000 events)',
        measure: async (postgres, step) => {
          const figures = await measureRebuildMix(await postgres.freshDatabase('rebuild_mix'), step);
          if (!figures.rebuildMixVerified)
            throw new Error(
              `The rebuilt read model differs from the live one in ${figures.rebuildMixDiffering.join(', ')}`,
            );
          return { rebuildMixEvents: figures.rebuildMixEvents, rebuildMixPerSec: Math.round(figures.rebuildMixPerSec) };
        },
      },
    ],
    (results): Row[] => [
      { metric: 'rebuildMixEvents', value: results.rebuildMixEvents ?? Number.NaN, unit: 'events' },
      {
        metric: 'rebuildMixPerSec',
        value: results.rebuildMixPerSec ?? Number.NaN,
        unit: 'events/s',
        target: { atLeast: 20_000 },
      },
    ],
  );
}
