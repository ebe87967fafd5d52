import { describeBreak, formatDigest, parseDigest, sealAll, verifyLog } from '@care/events/server';
import { withLogDatabase } from './log-database';

/**
 * `npm run verify-log [-- --digest <digest>]`: checks the event log's hash chain from its first event and
 * reports the first break (an edited, deleted or inserted event). With a digest from `npm run log-digest`,
 * also proves the log still holds that exact prefix. Exit code 0 when intact, 1 when not, 2 on bad usage.
 */
const args = process.argv.slice(2);
const digestAt = args.indexOf('--digest');
const digestText = digestAt >= 0 ? args[digestAt + 1] : undefined;
const digest = digestText === undefined ? undefined : parseDigest(digestText);
if (digestAt >= 0 && !digest) {
  console.error(
    'Usage: npm run verify-log -- --digest care-log:v1:<entry>:<position>:<sha-256 hex> (as printed by npm run log-digest)',
  );
  process.exit(2);
}

const code = await withLogDatabase(async (pool) => {
  // Events committed but not chained yet are chained first (the order they take is final).
  await sealAll(pool);
  const started = performance.now();
  const result = await verifyLog(pool, digest ? { digest } : {});
  const seconds = (performance.now() - started) / 1000;
  console.log(`Checked ${result.checked.toLocaleString('en-GB')} events in ${seconds.toFixed(2)} s.`);
  if (result.firstBreak) console.log(`BROKEN: ${describeBreak(result.firstBreak)}`);
  else console.log(`Intact. Head: ${formatDigest(result.head)}`);
  if (result.unsealed > 0)
    console.log(
      `${result.unsealed} events committed after the head are not chained yet (a transaction older than them is still open).`,
    );
  if (digest) {
    console.log(
      result.digestMatches
        ? `The digest matches: the log still holds that exact prefix (entry ${digest.chainIndex}).`
        : `The digest does NOT match: the log no longer holds the prefix the digest was taken of (entry ${digest.chainIndex}).`,
    );
  }
  return result.ok ? 0 : 1;
});
process.exitCode = code;
