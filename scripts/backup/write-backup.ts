import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { formatDigest, PRODUCT_VERSION, readChainHead, sealPending } from '@care/events/server';
import { positionToToken } from '@care/events';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_TABLES,
  COUNT_SQL,
  cutSql,
  type Cut,
  type Manifest,
  progressText,
  throttledProgress,
} from './backup-format';

/** Rows fetched from the cursor at a time: a few megabytes of events, whatever the size of the log. */
const FETCH_ROWS = 2_000;

export interface BackupOptions {
  /** A progress line (at most one a second, and the last). */
  readonly onProgress?: (line: string) => void;
  /** Called inside the snapshot once it is taken: a test appends here to prove later commits are not in the file. */
  readonly onSnapshot?: () => Promise<void>;
}

export interface BackupResult {
  readonly manifest: Manifest;
  readonly bytes: number;
}

/**
 * Writes the backup of the database behind `pool` to `file` (written beside it under a temporary name and renamed at
 * the end, so a failed run never leaves a file that looks whole). Everything is read in one REPEATABLE READ, READ ONLY
 * transaction: one snapshot of the log, the accounts and the media, consistent however many writes arrive meanwhile.
 * The log is cut at the last chained event in that snapshot, so the file holds an exact prefix of the log and the
 * manifest names its digest.
 */
export async function writeBackup(pool: pg.Pool, file: string, options: BackupOptions = {}): Promise<BackupResult> {
  // Chain what is final first (as `npm run log-digest` does), so the cut falls as late as it can.
  await sealPending(pool, { wait: true });
  const client = await pool.connect();
  const partial = `${file}.partial`;
  try {
    await client.query('begin isolation level repeatable read, read only');
    // Values printed the same way whatever the server's settings: a restore reads them back as they were.
    await client.query(`set local timezone = 'UTC'; set local bytea_output = 'hex'; set local extra_float_digits = 3`);
    const head = await readChainHead(client);
    const storeId = (await client.query<{ id: string }>('select store_id::text as id from es_store')).rows[0]?.id;
    if (!storeId) throw new Error('The event log has no store id (es_store is empty)');
    await options.onSnapshot?.();
    const cut: Cut = { commit: head.commit, prepare: head.prepare, chainIndex: head.index };
    const tables: Record<string, number> = {};
    // A table the product has not made yet (a feature never used on this database) is written as empty.
    const present = new Set<string>();
    for (const table of BACKUP_TABLES) {
      const sql = COUNT_SQL[table.name];
      if (!sql) throw new Error(`No count for ${table.name}`);
      const { rows: found } = await client.query<{ t: string | null }>('select to_regclass($1)::text as t', [
        table.name === 'es_streams' ? 'es_events' : table.name,
      ]);
      if (!found[0]?.t) {
        tables[table.name] = 0;
        continue;
      }
      present.add(table.name);
      const { rows } = await client.query<{ n: string }>(cutSql(sql, cut));
      tables[table.name] = Number(rows[0]!.n);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      productVersion: PRODUCT_VERSION,
      store: { kind: 'postgres', id: storeId },
      log: {
        position: positionToToken({ commit: head.commit, prepare: head.prepare }),
        chainIndex: head.index.toString(),
        digest: formatDigest({
          chainIndex: head.index,
          position: positionToToken({ commit: head.commit, prepare: head.prepare }),
          hash: head.hash.toString('hex'),
        }),
      },
      tables,
      personKeys: [],
      takenAt: new Date().toISOString(),
      takenBy: os.userInfo().username,
      host: os.hostname(),
    };

    const events = tables.es_events ?? 0;
    const progress = throttledProgress((line) => options.onProgress?.(line));
    async function* lines(): AsyncGenerator<string> {
      const hash = createHash('sha256');
      let count = 0;
      const line = (text: string) => {
        const withEnd = `${text}\n`;
        hash.update(withEnd);
        count += 1;
        return withEnd;
      };
      yield line(JSON.stringify({ manifest }));
      for (const table of BACKUP_TABLES) {
        yield line(JSON.stringify({ table: table.name, rows: tables[table.name] ?? 0 }));
        if (!present.has(table.name)) continue;
        await client.query(`declare backup_rows no scroll cursor for ${cutSql(table.select, cut)}`);
        let written = 0;
        for (;;) {
          const { rows } = await client.query<{ row: string }>(`fetch ${FETCH_ROWS} from backup_rows`);
          // One string per fetch: the gzip stream gets a few large writes instead of thousands of small ones.
          if (rows.length > 0) yield rows.map((row) => line(row.row)).join('');
          written += rows.length;
          if (table.name === 'es_events') progress(progressText('Backing up', written, events, 'events'));
          if (rows.length < FETCH_ROWS) break;
        }
        await client.query('close backup_rows');
        if (written !== tables[table.name])
          throw new Error(`${table.name}: counted ${tables[table.name]} rows but read ${written}`);
        if (table.name === 'es_events') progress(progressText('Backing up', written, events, 'events'), true);
      }
      yield `${JSON.stringify({ trailer: { sha256: hash.digest('hex'), lines: count } })}\n`;
    }

    await pipeline(Readable.from(lines()), createGzip({ level: 6 }), createWriteStream(partial));
    await client.query('commit');
    await rename(partial, file);
    return { manifest, bytes: (await stat(file)).size };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }
}
