import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresEventStore, sealAll } from '@care/events/server';
import { createReadModelDb, rebuildProjections } from '@care/projector';
import { restoreBackup } from '../scripts/backup/restore-backup';
import { writeBackup } from '../scripts/backup/write-backup';
import type { BenchPostgres } from './postgres';
import { loadAgencyYear } from './rebuild-mix';
import { runAlone } from './run-alone';
import { silentLog } from './services';
import { now, round } from './stats';
import type { Row } from './table';

/**
 * `npm run backup` and `npm run restore` over the rebuild bench's agency log: `backupMBps`, the backup file's
 * megabytes written per second (one snapshot, streamed through a cursor and gzip), and `restoreRebuildS`, the seconds
 * from the file to a product ready to start: the file proved whole, restored, its chain proved, every read model
 * rebuilt. The log is the rebuild bench's (bench/rebuild-mix.ts), about a million events.
 */
export interface BackupFigures {
  backupEvents: number;
  backupMBps: number;
  backupFileMB: number;
  /** The restore alone: the file checked, written and its chain proved, before any read model is rebuilt. */
  restoreS: number;
  restoreRebuildS: number;
}

const EVENTS = 1_000_000;

export async function measureBackup(postgres: BenchPostgres, step: (message: string) => void): Promise<BackupFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'care-backup-bench-'));
  const source = new pg.Pool({ connectionString: await postgres.freshDatabase('backup_source'), max: 8 });
  const targetUrl = await postgres.freshDatabase('backup_target');
  const target = new pg.Pool({ connectionString: targetUrl, max: 8 });
  try {
    const store = await PostgresEventStore.connect(source);
    step(`loading ${EVENTS.toLocaleString('en-GB')} events of the agency year`);
    const events = await loadAgencyYear(source, EVENTS);
    await sealAll(source, { timeoutMs: 600_000 });
    await store.close();

    step('backing up');
    const file = path.join(dir, 'care.ndjson.gz');
    const backupStarted = now();
    const { bytes, manifest } = await writeBackup(source, file);
    const backupSeconds = (now() - backupStarted) / 1000;
    if (manifest.tables.es_events !== events)
      throw new Error(`The backup holds ${manifest.tables.es_events} events of ${events}`);

    step('restoring into an empty database and rebuilding every read model');
    const restoreStarted = now();
    const restored = await restoreBackup(target, file);
    if (!restored.digestMatches) throw new Error('The restored chain does not prove the backup digest');
    const restoreS = (now() - restoreStarted) / 1000;
    const targetStore = await PostgresEventStore.connect(target);
    // Its own pool: destroying the read-model handle ends the pool under it.
    const db = createReadModelDb(new pg.Pool({ connectionString: targetUrl, max: 8 }));
    try {
      await rebuildProjections({ store: targetStore, pool: target, db, log: silentLog });
    } finally {
      await targetStore.close();
      await db.destroy();
    }
    const restoreRebuildS = (now() - restoreStarted) / 1000;
    const megabytes = bytes / 1024 / 1024;
    return {
      backupEvents: events,
      backupMBps: round(megabytes / backupSeconds, 1),
      backupFileMB: round(megabytes, 1),
      restoreS: round(restoreS, 1),
      restoreRebuildS: round(restoreRebuildS, 1),
    };
  } finally {
    await source.end();
    await target.end();
    await rm(dir, { recursive: true, force: true });
  }
}

export function backupRows(results: Record<string, number>): Row[] {
  return [
    { metric: 'backupEvents', value: results.backupEvents ?? Number.NaN, unit: 'events' },
    { metric: 'backupFileMB', value: results.backupFileMB ?? Number.NaN, unit: 'MB' },
    { metric: 'backupMBps', value: results.backupMBps ?? Number.NaN, unit: 'MB/s' },
    { metric: 'restoreS', value: results.restoreS ?? Number.NaN, unit: 's' },
    { metric: 'restoreRebuildS', value: results.restoreRebuildS ?? Number.NaN, unit: 's' },
  ];
}

if (process.argv[1]?.endsWith('backup-bench.ts')) {
  runAlone(
    [
      {
        name: 'backup',
        says: `npm run backup and npm run restore with a rebuild of every read model over ${EVENTS.toLocaleString('en-GB')} events of the agency year`,
        measure: async (postgres, step) => ({ ...(await measureBackup(postgres, step)) }),
      },
    ],
    backupRows,
  );
}
