import { createLogger, parseEnv, serviceEnvSchema } from '@care/events/server';
import { connectProjectorServices } from './connect-services';
import { rebuildProjections, type RebuildProgress } from './rebuild';

/**
 * `npm run rebuild` (every projection) or `npm run rebuild -- carers diary` (those): replays the log into fresh
 * tables and swaps them in, with a progress bar. Refused while a projector runs (stop it first).
 */
const env = parseEnv(serviceEnvSchema);
const log = createLogger('rebuild', env.LOG_LEVEL);
const names = process.argv.slice(2).filter((arg) => arg !== '--');
const services = await connectProjectorServices(env, log, { who: 'npm run rebuild', create: false });
const started = performance.now();
let total: number | undefined;

function bar({ eventsRead }: RebuildProgress): void {
  const seconds = (performance.now() - started) / 1000;
  const rate = eventsRead / Math.max(seconds, 0.001);
  const fraction = total ? Math.min(1, eventsRead / total) : 0;
  const width = 30;
  const filled = Math.round(fraction * width);
  const left = total && rate > 0 ? Math.max(0, (total - eventsRead) / rate) : undefined;
  const line =
    `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}%  ` +
    `${eventsRead.toLocaleString('en-GB')}${total ? ` / ${total.toLocaleString('en-GB')}` : ''} events  ` +
    `${Math.round(rate).toLocaleString('en-GB')} events/s  ${left === undefined ? '' : `${left.toFixed(0)} s left`}`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}\x1b[K` : `${line}\n`);
}

try {
  total = (await services.store.measureLag?.({ commit: 0n, prepare: 0n }))?.events;
  const members = await rebuildProjections({ ...services, log, names, onProgress: bar });
  if (process.stderr.isTTY) process.stderr.write('\n');
  const stalled = members.filter((member) => member.stalled);
  for (const member of stalled)
    log.error(
      { projection: member.projection.name, ...member.stalled, position: undefined },
      'projection stalled during the rebuild',
    );
  log.info(
    {
      projections: members.map((member) => member.projection.name),
      seconds: ((performance.now() - started) / 1000).toFixed(1),
    },
    'rebuilt',
  );
  if (stalled.length > 0) process.exitCode = 1;
} catch (error) {
  log.error({ err: error }, 'rebuild failed');
  process.exitCode = 1;
} finally {
  await services.close();
}
