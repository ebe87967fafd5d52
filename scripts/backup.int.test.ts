import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RunningCommandApi } from '@care/command-api/testing';
import { startCommandApiOn } from '@care/command-api/testing';
import { comparePositions, positionFromToken, type EventStore, type Position } from '@care/events';
import {
  createPool,
  ensureDatabase,
  ensureOpsSchema,
  parseDigest,
  startThrowawayPostgres,
  withDatabase,
  PostgresEventStore,
  sealAll,
  verifyLog,
} from '@care/events/server';
import { createTestDatabase, newEvent, type TestDatabase } from '@care/events/testing';
import { createReadModelDb, projections, replayInto, type ReadModelDatabase } from '@care/projector';
import { readModelChecksums, registerCarer } from '@care/projector/testing';
import type { Manifest } from './backup/backup-format';
import { RestoreRefused, restoreBackup } from './backup/restore-backup';
import { writeBackup } from './backup/write-backup';

/**
 * `npm run backup` and `npm run restore` on real PostgreSQL: a backup taken while carers keep being registered holds
 * exactly the log up to its manifest's position, restores into a fresh database whose chain proves the same digest,
 * and rebuilds into the same read models; a damaged file or a non-empty database is refused with nothing written.
 */
let workDir: string;
let source: TestDatabase;
let sourcePool: pg.Pool;
let sourceStore: PostgresEventStore;
let sourceDb: Kysely<ReadModelDatabase>;
let command: RunningCommandApi;
const extraDatabases: TestDatabase[] = [];

async function freshDatabase(label: string): Promise<{ database: TestDatabase; pool: pg.Pool }> {
  const database = await createTestDatabase(inject('databaseUrl'), label);
  extraDatabases.push(database);
  return { database, pool: createPool(database.url) };
}

/** The rows of a table as text, in a stable order: equal when the two tables hold the same rows. */
async function tableText(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ t: string }>(`select t::text as t from ${table} t order by 1`);
  return rows.map((row) => row.t);
}

/** The event ids a backup file holds, in the order written (its es_events lines). */
function eventIdsInFile(gz: Buffer): { manifest: Manifest; eventIds: string[]; audioIds: string[] } {
  const lines = gunzipSync(gz).toString('utf8').trimEnd().split('\n');
  const manifest = (JSON.parse(lines[0]!) as { manifest: Manifest }).manifest;
  const eventIds: string[] = [];
  const audioIds: string[] = [];
  let table = '';
  for (const line of lines.slice(1)) {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    if (typeof parsed.table === 'string' && typeof parsed.rows === 'number') table = parsed.table;
    else if (table === 'es_events') eventIds.push(parsed.event_id as string);
    else if (table === 'media.audio') audioIds.push(parsed.audio_id as string);
  }
  return { manifest, eventIds, audioIds };
}

async function insertAudio(pool: pg.Pool, audioId: string): Promise<void> {
  await pool.query(
    `insert into media.audio (audio_id, content, mime_type, byte_size, sha256, uploaded_by)
     values ($1, $2, 'audio/webm', 4, 'abc', $3)`,
    [audioId, Buffer.from([0, 1, 254, 255]), randomUUID()],
  );
}

/** Only the events up to `cut`: the source's log as it stood at the backup's position, for a replay to compare with. */
function storeUpTo(store: PostgresEventStore, cut: Position): EventStore {
  const bounded = Object.create(store) as PostgresEventStore;
  bounded.readAll = async (after, maxCount) =>
    (await store.readAll(after, maxCount)).filter((event) => comparePositions(event.position, cut) <= 0);
  return bounded;
}

const TARGET_IS_EMPTY = `select to_regclass('es_events') is null and to_regclass('auth.credentials') is null as empty`;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'care-backup-'));
  source = await createTestDatabase(inject('databaseUrl'), 'backup_source');
  // The command API makes the first administrator: an account with a password hash, and its events.
  command = await startCommandApiOn(source.url, { silent: true });
  sourcePool = createPool(source.url);
  sourceDb = createReadModelDb(sourcePool);
  sourceStore = await PostgresEventStore.connect(sourcePool);
  for (let n = 0; n < 40; n += 1) await registerCarer(sourceStore, `Before${n}`);
  await insertAudio(sourcePool, randomUUID());
  await ensureOpsSchema(sourcePool);
  await sourcePool.query(
    `insert into ops.job_runs (name, last_run_at, outcome, detail) values ('scheduled-reports', now(), 'ok', 'three sent')`,
  );
}, 120_000);

afterAll(async () => {
  await command?.close();
  await sourceStore?.close();
  await sourceDb?.destroy();
  await source?.drop();
  for (const database of extraDatabases) await database.drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('npm run backup and npm run restore', () => {
  let file: string;
  let manifest: Manifest;
  let target: { database: TestDatabase; pool: pg.Pool };

  it('backs up while carers keep being registered: the file holds exactly the log up to its position, nothing later', async () => {
    file = path.join(workDir, 'care.ndjson.gz');
    let appended = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await registerCarer(sourceStore, `During${appended}`);
        appended += 1;
      }
    })();
    await expect.poll(() => appended, { timeout: 10_000, interval: 10 }).toBeGreaterThan(5);

    const lateAudio = randomUUID();
    let lateEventId = '';
    const progress: string[] = [];
    const result = await writeBackup(sourcePool, file, {
      onProgress: (line) => progress.push(line),
      // Taken the snapshot: these commit now, while the backup reads, and must not be in the file.
      onSnapshot: async () => {
        const late = newEvent('BackupProbe', { late: true });
        lateEventId = late.eventId;
        await sourceStore.append(`probe-${randomUUID()}`, [late], 'no_stream');
        await insertAudio(sourcePool, lateAudio);
        const from = appended;
        await expect.poll(() => appended, { timeout: 10_000, interval: 10 }).toBeGreaterThan(from + 2);
      },
    });
    writing = false;
    await writer;
    manifest = result.manifest;

    expect(progress.at(-1)).toMatch(/^Backing up: [\d,]+ of [\d,]+ events \(100%\)$/);
    const cut = positionFromToken(manifest.log.position)!;
    const { eventIds, audioIds } = eventIdsInFile(await readFile(file));
    const { rows } = await sourcePool.query<{ event_id: string }>(
      `select event_id from es_events where (transaction_id, sequence) <= ($1::bigint, $2::bigint)
       order by transaction_id, sequence`,
      [cut.commit.toString(), cut.prepare.toString()],
    );
    expect(eventIds).toEqual(rows.map((row) => row.event_id));
    expect(manifest.tables.es_events).toBe(eventIds.length);
    expect(eventIds).not.toContain(lateEventId);
    expect(audioIds).not.toContain(lateAudio);
    expect(audioIds).toHaveLength(1);
    // The source log went on past the cut, and its chain holds the manifest's digest at the cut.
    await sealAll(sourcePool);
    const later = await sourcePool.query<{ n: string }>(
      'select count(*) as n from es_events where (transaction_id, sequence) > ($1::bigint, $2::bigint)',
      [cut.commit.toString(), cut.prepare.toString()],
    );
    expect(Number(later.rows[0]!.n)).toBeGreaterThan(2);
    const proved = await verifyLog(sourcePool, { digest: parseDigest(manifest.log.digest)! });
    expect(proved.digestMatches).toBe(true);
    expect(manifest.personKeys).toEqual([]);
  }, 120_000);

  it('restores into a fresh database: the chain proves the same digest, accounts and media are equal, the read models rebuild the same', async () => {
    target = await freshDatabase('backup_target');
    const progress: string[] = [];
    const restored = await restoreBackup(target.pool, file, { onProgress: (line) => progress.push(line) });
    expect(restored.digestMatches).toBe(true);
    expect(restored.verify.ok).toBe(true);
    expect(restored.verify.checked).toBe(manifest.tables.es_events);
    expect(progress.at(-1)).toMatch(/^Restoring: [\d,]+ of [\d,]+ events \(100%\)$/);

    expect(await tableText(target.pool, 'auth.credentials')).toEqual(await tableText(sourcePool, 'auth.credentials'));
    expect(await tableText(target.pool, 'ops.job_runs')).toEqual(await tableText(sourcePool, 'ops.job_runs'));
    const cut = positionFromToken(manifest.log.position)!;
    const sourceAudio = await sourcePool.query<{ t: string }>(
      `select a::text as t from media.audio a where a.audio_id in (select audio_id from media.audio order by created_at limit 1)`,
    );
    expect(await tableText(target.pool, 'media.audio')).toEqual(sourceAudio.rows.map((row) => row.t));
    expect((await target.pool.query('select store_id from es_store')).rows).toEqual(
      (await sourcePool.query('select store_id from es_store')).rows,
    );

    // Every read-model table rebuilt from the restored log equals the source's rebuilt up to the same position.
    const targetStore = await PostgresEventStore.connect(target.pool);
    // Its own pool: destroying the read-model handle ends the pool under it.
    const targetDb = createReadModelDb(createPool(target.database.url));
    try {
      await replayInto(targetStore, targetDb, 'restored_replay');
      await replayInto(storeUpTo(sourceStore, cut), sourceDb, 'source_at_cut');
      const restoredSums = await readModelChecksums(targetDb, 'restored_replay', projections);
      const sourceSums = await readModelChecksums(sourceDb, 'source_at_cut', projections);
      // At least the 40 registered before the backup began (how many of those registered during it came before
      // the cut depends on when the chain was sealed; the equality below is what proves the cut).
      expect(Number(restoredSums.carers!.split(':')[0])).toBeGreaterThanOrEqual(40);
      expect(restoredSums).toEqual(sourceSums);

      // The restored log takes new events after its own: the next append sorts after the cut and chains on.
      const next = await targetStore.append(`probe-${randomUUID()}`, [newEvent('BackupProbe', {})], 'no_stream');
      expect(comparePositions(next.position, cut)).toBeGreaterThan(0);
      await sealAll(target.pool);
      const after = await verifyLog(target.pool);
      expect(after.ok).toBe(true);
      expect(after.checked).toBe(manifest.tables.es_events! + 1);
    } finally {
      await targetStore.close();
      await targetDb.destroy();
    }
  }, 180_000);

  it('refuses a database that already holds events, and writes nothing into it', async () => {
    const before = await target.pool.query<{ n: string }>('select count(*) as n from es_events');
    await expect(restoreBackup(target.pool, file)).rejects.toThrow(/The database is not empty: it holds events/);
    const after = await target.pool.query<{ n: string }>('select count(*) as n from es_events');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  }, 60_000);

  it('refuses a truncated file before writing anything', async () => {
    const whole = await readFile(file);
    const truncated = path.join(workDir, 'truncated.ndjson.gz');
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const { pool } = await freshDatabase('backup_truncated');
    const refused = restoreBackup(pool, truncated);
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(/damaged|truncated/);
    expect((await pool.query<{ empty: boolean }>(TARGET_IS_EMPTY)).rows[0]!.empty).toBe(true);
    await pool.end();
  }, 60_000);

  it('refuses a file with one flipped byte before writing anything', async () => {
    const flipped = Buffer.from(await readFile(file));
    const at = Math.floor(flipped.length / 2);
    flipped[at] = flipped[at]! ^ 0x01;
    const damaged = path.join(workDir, 'flipped.ndjson.gz');
    await writeFile(damaged, flipped);
    const { pool } = await freshDatabase('backup_flipped');
    await expect(restoreBackup(pool, damaged)).rejects.toThrow(/The file is damaged/);
    expect((await pool.query<{ empty: boolean }>(TARGET_IS_EMPTY)).rows[0]!.empty).toBe(true);
    await pool.end();
  }, 60_000);

  it('refuses a file whose content was changed and compressed again (the SHA-256 no longer matches), before writing anything', async () => {
    // One event's data edited inside a well-formed gzip stream: only the checksum can tell.
    const text = gunzipSync(await readFile(file)).toString('utf8');
    const edited = text.replace('"firstName": "Before1"', '"firstName": "Befork1"');
    expect(edited).not.toBe(text);
    const changed = path.join(workDir, 'changed.ndjson.gz');
    await writeFile(changed, gzipSync(edited));
    const { pool } = await freshDatabase('backup_changed');
    await expect(restoreBackup(pool, changed)).rejects.toThrow(/SHA-256 does not match/);
    expect((await pool.query<{ empty: boolean }>(TARGET_IS_EMPTY)).rows[0]!.empty).toBe(true);
    await pool.end();
  }, 60_000);
});

describe('npm run restore onto a new PostgreSQL server', () => {
  it("moves the new server's transaction counter past the restored log, so a new event sorts after it", async () => {
    const file = path.join(workDir, 'new-server.ndjson.gz');
    const { manifest } = await writeBackup(sourcePool, file);
    const cut = positionFromToken(manifest.log.position)!;
    const server = await startThrowawayPostgres(['-c', 'fsync=off', '-c', 'synchronous_commit=off']);
    const pool = createPool(await ensureDatabase(withDatabase(server.url, 'care')));
    try {
      // A new cluster starts its transaction ids far below the test server's, where the source log was written.
      const before = await pool.query<{ next: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as next');
      expect(BigInt(before.rows[0]!.next)).toBeLessThan(cut.commit);

      const progress: string[] = [];
      const restored = await restoreBackup(pool, file, { onProgress: (line) => progress.push(line) });
      expect(restored.digestMatches).toBe(true);

      const store = await PostgresEventStore.connect(pool);
      try {
        const probe = newEvent('BackupProbe', {});
        const next = await store.append(`probe-${randomUUID()}`, [probe], 'no_stream');
        expect(comparePositions(next.position, cut)).toBeGreaterThan(0);
        // Readers see it after the restored log (a projector reads from its checkpoint onwards).
        await expect
          .poll(async () => (await store.readAll(cut, 10)).map((event) => event.eventId), { timeout: 10_000 })
          .toEqual([probe.eventId]);
        await sealAll(pool);
        const after = await verifyLog(pool);
        expect(after.ok).toBe(true);
        expect(after.checked).toBe(manifest.tables.es_events! + 1);
        expect(progress.some((line) => line.startsWith('Moving the transaction counter past the log:'))).toBe(true);
      } finally {
        await store.close();
      }
    } finally {
      await pool.end();
      await server.stop();
    }
  }, 180_000);
});

/** The two commands as a person runs them: output, exit codes, and the EventStoreDB refusal. */
async function tool(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `scripts/${script}.ts`, ...args],
      { env: { ...process.env, EVENTSTORE_URL: '', ...env }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('npm run backup and npm run restore on the command line', () => {
  it('backs up, restores into an empty database and proves the same digest; refuses a second restore and EventStoreDB', async () => {
    const file = path.join(workDir, 'cli.ndjson.gz');
    const backup = await tool('backup', [file], { DATABASE_URL: source.url });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/Backing up: [\d,]+ of [\d,]+ events \(100%\)/);
    const digest = /Digest at that position: (care-log:v1:\S+)/.exec(backup.stdout)?.[1];
    expect(digest).toBeDefined();

    const { database } = await freshDatabase('backup_cli');
    const restore = await tool('restore', [file], { DATABASE_URL: database.url });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`The chain is intact and its head equals the backup's digest: ${digest}`);
    expect(restore.stdout).toContain('Next: start the product');

    const again = await tool('restore', [file], { DATABASE_URL: database.url });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('Refused: The database is not empty');

    const eventStoreDb = await tool('backup', [path.join(workDir, 'never.ndjson.gz')], {
      DATABASE_URL: source.url,
      EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false',
    });
    expect(eventStoreDb.code).toBe(2);
    expect(eventStoreDb.stderr).toContain('covers the PostgreSQL event store only');
  }, 120_000);
});
