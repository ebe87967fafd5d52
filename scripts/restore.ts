import path from 'node:path';
import { RestoreRefused, restoreBackup } from './backup/restore-backup';
import { withProductDatabase } from './log-database';

/**
 * `npm run restore -- <file>`: restores a file from `npm run backup` into an empty database (DATABASE_URL, or the
 * embedded one in DATA_DIR). The file is proved whole before anything is written; afterwards the restored chain is
 * checked against the digest the backup recorded. Exit code 0 restored and proved, 1 restored but the chain does not
 * prove it, 2 refused (nothing written).
 */
const EVENTSTORE_DB =
  'This product is configured for EventStoreDB (EVENTSTORE_URL is set): `npm run restore` restores the PostgreSQL ' +
  'event store only. Restore EventStoreDB from its own backup. Nothing was written.';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error('Usage: npm run restore -- <file from npm run backup>');
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);

const code = await withProductDatabase(
  async (pool) => {
    try {
      const started = performance.now();
      const { manifest, verify, digestMatches } = await restoreBackup(pool, file, {
        onProgress: (line) => console.error(line),
      });
      const seconds = (performance.now() - started) / 1000;
      const events = manifest.tables.es_events ?? 0;
      console.log(
        `Restored ${events.toLocaleString('en-GB')} events and ${manifest.tables['auth.credentials'] ?? 0} accounts ` +
          `from the backup taken ${manifest.takenAt} by ${manifest.takenBy} on ${manifest.host}, in ${seconds.toFixed(1)} s.`,
      );
      if (!digestMatches) {
        console.log(
          `The restored log does NOT prove itself: the backup's digest was ${manifest.log.digest}, the restored head is ` +
            `care-log:v1:${verify.head.chainIndex}:${verify.head.position}:${verify.head.hash}. Do not start the product on it.`,
        );
        return 1;
      }
      console.log(`The chain is intact and its head equals the backup's digest: ${manifest.log.digest}`);
      console.log(
        'Next: start the product (npm start). The projector rebuilds every read model from the restored log;',
      );
      console.log('screens fill as it catches up (the System Status tab shows its progress). Everyone signs in again.');
      return 0;
    } catch (error) {
      if (error instanceof RestoreRefused) {
        console.error(`Refused: ${error.message}`);
        return 2;
      }
      throw error;
    }
  },
  { onEventStoreDb: EVENTSTORE_DB, createDatabase: true },
);
process.exitCode = code;
