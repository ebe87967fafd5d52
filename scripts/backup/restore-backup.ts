import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import {
  ensureAuthSchema,
  ensureEventStoreSchema,
  ensureMediaSchema,
  ensureOpsSchema,
  formatDigest,
  parseDigest,
  verifyLog,
  type VerifyResult,
} from '@care/events/server';
import { positionFromToken } from '@care/events';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_TABLES,
  headerLineSchema,
  type Manifest,
  manifestSchema,
  progressText,
  tableLineSchema,
  throttledProgress,
  trailerLineSchema,
} from './backup-format';

/** The file or the target database was refused: the message says why, and nothing was written. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** Rows per INSERT, and the most text one INSERT carries (a voice note can be megabytes). */
const INSERT_ROWS = 1_000;
const INSERT_BYTES = 8 * 1024 * 1024;
/** Transactions used up per statement while moving the server's transaction counter past the restored log's. */
const XID_STEP = 100_000;
/** Beyond this the counter is moved with pg_resetwal, not by using transactions up (see advanceTransactionIds). */
const XID_MOST = 200_000_000;

interface Line {
  readonly bytes: Buffer;
  readonly text: string;
  readonly number: number;
}

/** The file's lines, uncompressed, each with its bytes (newline included) for the checksum. */
async function* fileLines(file: string): AsyncGenerator<Line> {
  const gunzip = createGunzip();
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let number = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let from = 0;
      for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, from)) {
        pending.push(chunk.subarray(from, at + 1));
        const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        pending = [];
        from = at + 1;
        number += 1;
        yield { bytes, text: bytes.toString('utf8', 0, bytes.length - 1), number };
      }
      if (from < chunk.length) pending.push(chunk.subarray(from));
    }
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if (code === 'ENOENT') throw new RestoreRefused(`There is no file ${file}.`);
    throw new RestoreRefused(
      `The file is damaged: it does not decompress (${message ?? String(error)}). Nothing was written.`,
    );
  } finally {
    input.destroy();
  }
  if (pending.length > 0)
    throw new RestoreRefused('The file is truncated: its last line is cut off. Nothing was written.');
}

function parseJson(line: Line, what: string): unknown {
  try {
    return JSON.parse(line.text) as unknown;
  } catch {
    throw new RestoreRefused(`The file is damaged: line ${line.number} should be ${what}. Nothing was written.`);
  }
}

/** What the file holds, in order; the checks are the same whether the file is being verified or restored. */
type Section = { kind: 'table'; name: string; rows: number } | { kind: 'row'; table: string; line: Line };

/**
 * Reads the whole file and proves it whole before anything is written: the manifest is understood, every table
 * holds the rows the manifest counts, and the SHA-256 of everything before the trailer is the trailer's. Returns
 * the manifest; throws RestoreRefused with the reason otherwise.
 */
export async function verifyBackupFile(
  file: string,
  onProgress: (line: string) => void = () => undefined,
): Promise<Manifest> {
  let manifest: Manifest | undefined;
  for await (const section of sections(file, (found) => (manifest = found), onProgress, 'Checking')) void section;
  if (!manifest) throw new RestoreRefused('The file is empty. Nothing was written.');
  return manifest;
}

async function* sections(
  file: string,
  onManifest: (manifest: Manifest) => void,
  onProgress: (line: string) => void,
  verb: string,
): AsyncGenerator<Section> {
  const hash = createHash('sha256');
  const progress = throttledProgress(onProgress);
  let manifest: Manifest | undefined;
  let tableAt = 0;
  let current: { name: string; left: number; rows: number } | undefined;
  let trailerSeen = false;
  let events = 0;
  for await (const line of fileLines(file)) {
    if (trailerSeen) throw new RestoreRefused('The file has lines after its trailer. Nothing was written.');
    if (!manifest) {
      manifest = readManifest(parseJson(line, 'the manifest'));
      onManifest(manifest);
      hash.update(line.bytes);
      continue;
    }
    if (current && current.left > 0) {
      current.left -= 1;
      hash.update(line.bytes);
      if (current.name === 'es_events') {
        events += 1;
        progress(progressText(verb, events, manifest.tables.es_events ?? 0, 'events'));
      }
      yield { kind: 'row', table: current.name, line };
      continue;
    }
    // A table added to the format later (es_redactions) is absent from an older file's manifest: it has no heading.
    while (tableAt < BACKUP_TABLES.length && manifest.tables[BACKUP_TABLES[tableAt]!.name] === undefined) tableAt += 1;
    const parsed = parseJson(line, tableAt < BACKUP_TABLES.length ? 'a table heading' : 'the trailer');
    if (tableAt < BACKUP_TABLES.length) {
      const heading = tableLineSchema.safeParse(parsed);
      const expected = BACKUP_TABLES[tableAt]!.name;
      if (!heading.success || heading.data.table !== expected)
        throw new RestoreRefused(
          `The file is damaged: line ${line.number} should start the table ${expected}. Nothing was written.`,
        );
      if (heading.data.rows !== manifest.tables[expected])
        throw new RestoreRefused(
          `The file is damaged: the table ${expected} says ${heading.data.rows} rows, the manifest ${manifest.tables[expected]}. Nothing was written.`,
        );
      hash.update(line.bytes);
      tableAt += 1;
      current = { name: expected, left: heading.data.rows, rows: heading.data.rows };
      yield { kind: 'table', name: expected, rows: heading.data.rows };
      continue;
    }
    const trailer = trailerLineSchema.safeParse(parsed);
    if (!trailer.success)
      throw new RestoreRefused(`The file is damaged: line ${line.number} should be the trailer. Nothing was written.`);
    if (trailer.data.trailer.sha256 !== hash.digest('hex') || trailer.data.trailer.lines !== line.number - 1)
      throw new RestoreRefused(
        'The file is damaged: its SHA-256 does not match the one it was written with (it was changed or corrupted after the backup). Nothing was written.',
      );
    trailerSeen = true;
  }
  if (!trailerSeen)
    throw new RestoreRefused(
      manifest
        ? 'The file is truncated: it ends before its trailer (the backup did not finish, or the copy is incomplete). Nothing was written.'
        : 'The file is empty. Nothing was written.',
    );
  progress(progressText(verb, events, manifest?.tables.es_events ?? 0, 'events'), true);
}

function readManifest(parsed: unknown): Manifest {
  const header = headerLineSchema.safeParse(parsed);
  const version =
    header.success && typeof header.data.manifest === 'object' && header.data.manifest !== null
      ? (header.data.manifest as { formatVersion?: unknown }).formatVersion
      : undefined;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `The file was written in backup format ${version} by a newer version of the product; this one reads format ${BACKUP_FORMAT_VERSION}. Restore it with the version that wrote it or a later one. Nothing was written.`,
    );
  const manifest = manifestSchema.safeParse(header.success ? header.data.manifest : undefined);
  if (!manifest.success)
    throw new RestoreRefused(
      `The file is not a ${BACKUP_FORMAT} backup (its first line is not a manifest this version understands: ${manifest.error.issues[0]?.path.join('.') ?? ''} ${manifest.error.issues[0]?.message ?? ''}). Nothing was written.`,
    );
  return manifest.data;
}

/** Why a database may not be restored into (undefined when it is empty: no events, no accounts). */
export async function refusalOfTarget(db: pg.Pool | pg.PoolClient): Promise<string | undefined> {
  const { rows } = await db.query<{ events: boolean | null; accounts: boolean | null }>(
    `select case when to_regclass('es_events') is null then false else null end as events,
            case when to_regclass('auth.credentials') is null then false else null end as accounts`,
  );
  const events = rows[0]!.events ?? (await db.query('select 1 from es_events limit 1')).rowCount! > 0;
  const accounts = rows[0]!.accounts ?? (await db.query('select 1 from auth.credentials limit 1')).rowCount! > 0;
  if (!events && !accounts) return undefined;
  const what = [events ? 'events in its log' : undefined, accounts ? 'accounts' : undefined].filter(Boolean);
  return `The database is not empty: it holds ${what.join(' and ')}. A restore writes only into an empty database (a new one, or the product's before it was ever started), so nothing here is overwritten. Nothing was written.`;
}

/**
 * The server's transaction ids must run past the restored log's: an event's place in the log is its transaction id,
 * so an append on a new server whose counter is still low would sort before the restored events and never be read.
 * A server behind is moved on by using transactions up (a statement that takes an id and commits, many times);
 * a gap too big for that is refused with the way to move it at once (pg_resetwal on the stopped server).
 */
async function advanceTransactionIds(pool: pg.Pool, past: bigint, onProgress: (line: string) => void): Promise<void> {
  const current = async () =>
    BigInt(
      (await pool.query<{ next: string }>(`select pg_snapshot_xmax(pg_current_snapshot())::text as next`)).rows[0]!
        .next,
    );
  const start = await current();
  if (start > past) return;
  const gap = past - start + 1n;
  if (gap > BigInt(XID_MOST))
    throw new RestoreRefused(
      `This PostgreSQL server's transaction counter (${start}) is ${gap} behind the restored log's (${past}): too far to move by using transactions up. Stop the server and run pg_resetwal -x ${(past + 1n) & 0xffffffffn}${past >> 32n > 0n ? ` -e ${past >> 32n}` : ''} on its data folder, start it, and restore again. Nothing was written.`,
    );
  const progress = throttledProgress(onProgress);
  for (let left = gap; left > 0n; ) {
    const step = left < BigInt(XID_STEP) ? left : BigInt(XID_STEP);
    await pool.query(`do $$ begin for i in 1..${step} loop perform pg_current_xact_id(); commit; end loop; end $$`);
    left -= step;
    progress(
      progressText('Moving the transaction counter past the log', Number(gap - left), Number(gap), 'transactions'),
      left === 0n,
    );
  }
  if ((await current()) <= past) throw new Error('The transaction counter did not move past the restored log');
}

export interface RestoreResult {
  readonly manifest: Manifest;
  readonly verify: VerifyResult;
  /** The chain's head digest at the manifest's position equals the manifest's. */
  readonly digestMatches: boolean;
}

export interface RestoreOptions {
  readonly onProgress?: (line: string) => void;
}

/**
 * Restores `file` into the empty database behind `pool`: the file is proved whole and the database empty before
 * anything is written, then every table is written in one transaction, and the restored chain is checked against the
 * manifest's digest. Throws RestoreRefused (nothing written) when the file or the database is refused.
 */
export async function restoreBackup(pool: pg.Pool, file: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const onProgress = options.onProgress ?? (() => undefined);
  const manifest = await verifyBackupFile(file, onProgress);
  const refusal = await refusalOfTarget(pool);
  if (refusal) throw new RestoreRefused(refusal);
  const position = positionFromToken(manifest.log.position);
  if (!position)
    throw new RestoreRefused(
      `The manifest's log position ${manifest.log.position} is not a position. Nothing was written.`,
    );
  await advanceTransactionIds(pool, position.commit, onProgress);

  await ensureEventStoreSchema(pool);
  await ensureAuthSchema(pool);
  await ensureMediaSchema(pool);
  await ensureOpsSchema(pool);
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local timezone = 'UTC'`);
    // Nothing else may write the log while it is restored; a product started meanwhile waits here.
    await client.query('lock table es_events, es_streams, es_chain, es_store in exclusive mode');
    const late = await refusalOfTarget(client);
    if (late) throw new RestoreRefused(late);
    // The id the schema just made is replaced by the backup's; a store binding from a start on the empty database
    // named that id, so it goes too (the first service to start binds the restored log afresh).
    await client.query('delete from es_store');
    if ((await client.query(`select to_regclass('ops.store_binding') as t`)).rows[0]?.t)
      await client.query('delete from ops.store_binding');

    let batch: string[] = [];
    let batchBytes = 0;
    let table: (typeof BACKUP_TABLES)[number] | undefined;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await client.query(
        `insert into ${table.name} ${table.overridingSystemValue ? 'overriding system value' : ''}
         select * from jsonb_populate_recordset(null::${table.name}, $1::jsonb)`,
        [`[${batch.join(',')}]`],
      );
      batch = [];
      batchBytes = 0;
    };
    for await (const section of sections(file, () => undefined, onProgress, 'Restoring')) {
      if (section.kind === 'table') {
        await flush();
        table = BACKUP_TABLES.find((candidate) => candidate.name === section.name);
        continue;
      }
      batch.push(section.line.text);
      batchBytes += section.line.bytes.length;
      if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
    }
    await flush();
    for (const { name, sequence } of BACKUP_TABLES) {
      if (!sequence) continue;
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${sequence}) from ${name}), 0) + 1, false)`,
        [name, sequence],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  const digest = parseDigest(manifest.log.digest);
  if (!digest) throw new Error(`The manifest's digest ${manifest.log.digest} is not a log digest`);
  // An empty log has no entry to prove the digest at: its head (entry 0, the genesis hash) is compared below.
  const verify = await verifyLog(pool, digest.chainIndex > 0n ? { digest } : {});
  const digestMatches =
    verify.ok && verify.digestMatches !== false && formatDigest(verify.head) === manifest.log.digest;
  return { manifest, verify, digestMatches };
}
