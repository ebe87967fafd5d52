import { formatDigest, logDigest, sealAll } from '@care/events/server';
import { withLogDatabase } from './log-database';

/**
 * `npm run log-digest`: prints the chain head (entry number, global position, hash) for an auditor to keep
 * outside the system; `npm run verify-log -- --digest <it>` later proves the log still holds that prefix.
 */
await withLogDatabase(async (pool) => {
  await sealAll(pool);
  const digest = await logDigest(pool);
  console.log(formatDigest(digest));
  console.error(`(chain entry ${digest.chainIndex}, position ${digest.position}, taken ${new Date().toISOString()})`);
});
