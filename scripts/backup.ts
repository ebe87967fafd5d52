import path from 'node:path';
import { writeBackup } from './backup/write-backup';
import { withLogDatabase } from './log-database';

/**
 * `npm run backup [-- <file>]`: writes one file holding what cannot be rebuilt (the event log with its hash chain,
 * the accounts, the voice notes and report files, the timed jobs' last runs), consistent while the product runs.
 * The format and why: docs/decisions/0034-backup-and-restore.md; how to keep copies: docs/operations.md, "Backups".
 */
const EVENTSTORE_DB =
  'This product keeps its events in EventStoreDB: `npm run backup` covers the PostgreSQL event store only. Back up ' +
  'EventStoreDB with its own backup (copying its database folder as its documentation says) and the PostgreSQL ' +
  'database of the accounts and media with pg_dump. Nothing was written.';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error('Usage: npm run backup [-- <file>]   (default: care-backup-<date and time>.ndjson.gz here)');
  process.exit(2);
}
// npm runs scripts from the repository's root: a relative name is taken from where the command was typed.
const here = process.env.INIT_CWD ?? process.cwd();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = path.resolve(here, args[0] ?? `care-backup-${stamp}.ndjson.gz`);

await withLogDatabase(
  async (pool) => {
    const started = performance.now();
    const { manifest, bytes } = await writeBackup(pool, file, { onProgress: (line) => console.error(line) });
    const seconds = (performance.now() - started) / 1000;
    const events = manifest.tables.es_events ?? 0;
    console.log(
      `Backed up ${events.toLocaleString('en-GB')} events and ${manifest.tables['auth.credentials'] ?? 0} accounts to ${file}`,
    );
    console.log(
      `${(bytes / 1024 / 1024).toFixed(1)} MB in ${seconds.toFixed(1)} s. Log cut at position ${manifest.log.position}.`,
    );
    console.log(`Digest at that position: ${manifest.log.digest}`);
    console.log(
      'The file holds personal data: keep it encrypted and off this machine (docs/operations.md, "Backups").',
    );
  },
  { onEventStoreDb: EVENTSTORE_DB },
);
