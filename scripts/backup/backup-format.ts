import { z } from 'zod';

/**
 * The backup file (docs/decisions/0034-backup-and-restore.md): a gzip stream of lines, each one JSON.
 *
 *   line 1          {"manifest": {...}}                     what the file holds and where the log was cut
 *   per table       {"table": "es_events", "rows": 1000000}  then that many lines, one row each, as PostgreSQL's
 *                                                            to_jsonb of the row (columns by name)
 *   last line       {"trailer": {"sha256": "...", "lines": N}} the SHA-256 of every byte before this line, uncompressed
 *
 * A row is written as PostgreSQL prints it and read back by PostgreSQL (jsonb_populate_recordset), so a timestamp
 * keeps its microseconds, a bytea its bytes and a bigint its digits: the restored events hash to the same chain.
 */
export const BACKUP_FORMAT = 'care-backup';
/** Raised when a file written by this version could not be read by an older one. */
export const BACKUP_FORMAT_VERSION = 1;

/**
 * The tables a backup holds, in the order they are written and restored. Each is something the product cannot
 * rebuild; the read models (schema read_model) are left out because the projector rebuilds them from the log.
 * Tables not listed and why:
 * - auth.sessions: sign-ins last hours; after a restore everyone signs in again.
 * - auth.sign_in_attempts: failure counters that expire within the hour (a lockout itself is an event in the log).
 * - auth.password_resets: links valid for an hour; a link sent before the backup must not work after a restore.
 * - auth.idempotency_keys: answers kept for a client repeating a request within minutes.
 * - auth.access_changes: only voids sessions opened before an access change; no session survives a restore, and its
 *   revision may point past the cut of the log, which would void every new session of that account.
 * - ops.service_heartbeats: measurements of the processes that ran the old copy; the new ones beat afresh.
 * - ops.store_binding: which store the read models were built from; the restored product builds them afresh.
 * - mail.outbox and read_model.*: mail waiting to be sent belongs to the running product; the read models are rebuilt.
 */
export interface BackupTable {
  /** Schema-qualified where not in the search path. */
  readonly name: string;
  /**
   * The rows to write, inside the snapshot. `:commit` and `:prepare` stand for the global position of the last chained
   * event, `:chainIndex` for its chain entry (see cutSql).
   */
  readonly select: string;
  /** The column a restore sets the table's sequence past, when it has one. */
  readonly sequence?: string;
  /** Insert with the row's own identity values (GENERATED ALWAYS columns). */
  readonly overridingSystemValue?: boolean;
  readonly why: string;
}

/** Where the log is cut: the last chained event in the snapshot. */
export interface Cut {
  readonly commit: bigint;
  readonly prepare: bigint;
  readonly chainIndex: bigint;
}

/**
 * The statement with the cut written in: the numbers are bigints from the database, and a cursor's query is
 * declared as text (DECLARE takes no bind parameters).
 */
export function cutSql(text: string, cut: Cut): string {
  return text
    .replaceAll(':commit', cut.commit.toString())
    .replaceAll(':prepare', cut.prepare.toString())
    .replaceAll(':chainIndex', cut.chainIndex.toString());
}

export const BACKUP_TABLES: readonly BackupTable[] = [
  {
    name: 'es_store',
    select: 'select to_jsonb(t)::text as row from es_store t',
    why: "the log's own id, so the restored log is known as the same log",
  },
  {
    name: 'es_events',
    select: `select to_jsonb(t)::text as row from es_events t
             where (t.transaction_id, t.sequence) <= (:commit::bigint, :prepare::bigint) order by t.transaction_id, t.sequence`,
    sequence: 'sequence',
    overridingSystemValue: true,
    why: 'the event log: every fact of care, the legal record',
  },
  {
    // Derived from the events written rather than copied: a stream's revision in es_streams may already count
    // events committed after the cut, and a restored stream must accept exactly the next revision after its last event.
    name: 'es_streams',
    select: `select json_build_object('stream_id', stream_id, 'revision', max(stream_revision))::text as row
             from es_events where (transaction_id, sequence) <= (:commit::bigint, :prepare::bigint) group by stream_id order by stream_id`,
    why: "each stream's revision, the concurrency check of the next append",
  },
  {
    name: 'es_chain',
    select:
      'select to_jsonb(t)::text as row from es_chain t where t.chain_index <= :chainIndex::bigint order by t.chain_index',
    why: 'the hash chain over the log, so the restored log proves itself',
  },
  {
    // A destruction's rewrites (docs/decisions/0037-destruction-keeps-the-log-provable.md): without them the chain
    // cannot prove a destroyed row. A file written before this table existed has no heading for it, and restores.
    name: 'es_redactions',
    select: `select to_jsonb(t)::text as row from es_redactions t
             where (t.transaction_id, t.sequence) <= (:commit::bigint, :prepare::bigint) order by t.sequence`,
    why: "each destroyed event's original and rewritten content hash, so the restored chain still proves it",
  },
  {
    name: 'auth.credentials',
    select: 'select to_jsonb(t)::text as row from auth.credentials t order by t.user_id',
    why: 'e-mail addresses and password hashes (kept out of the log on purpose)',
  },
  {
    name: 'media.audio',
    select: 'select to_jsonb(t)::text as row from media.audio t order by t.audio_id',
    why: 'voice notes, addressed by the events that hold their size and SHA-256',
  },
  {
    name: 'media.report_files',
    select: 'select to_jsonb(t)::text as row from media.report_files t order by t.run_id',
    why: 'scheduled reports as generated',
  },
  {
    name: 'ops.job_runs',
    select: 'select to_jsonb(t)::text as row from ops.job_runs t order by t.name',
    why: "each timed job's last run, which the system status shows",
  },
];

/** Counts the rows the selects above will write, in the same snapshot (the header needs them before the rows). */
export const COUNT_SQL: Readonly<Record<string, string>> = {
  es_store: 'select count(*) as n from es_store',
  es_events:
    'select count(*) as n from es_events where (transaction_id, sequence) <= (:commit::bigint, :prepare::bigint)',
  es_streams:
    'select count(distinct stream_id) as n from es_events where (transaction_id, sequence) <= (:commit::bigint, :prepare::bigint)',
  es_chain: 'select count(*) as n from es_chain where chain_index <= :chainIndex::bigint',
  es_redactions:
    'select count(*) as n from es_redactions where (transaction_id, sequence) <= (:commit::bigint, :prepare::bigint)',
  'auth.credentials': 'select count(*) as n from auth.credentials',
  'media.audio': 'select count(*) as n from media.audio',
  'media.report_files': 'select count(*) as n from media.report_files',
  'ops.job_runs': 'select count(*) as n from ops.job_runs',
};

const count = z.number().int().nonnegative();

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().positive(),
  productVersion: z.string(),
  store: z.object({ kind: z.literal('postgres'), id: z.string().uuid() }),
  /** The last event's global position (transaction id.sequence), the chain entry there and its digest. */
  log: z.object({
    position: z.string().regex(/^\d+\.\d+$/),
    chainIndex: z.string().regex(/^\d+$/),
    /** The same text `npm run log-digest` prints for that head. */
    digest: z.string(),
  }),
  tables: z.record(z.string(), count),
  /**
   * Per-person encryption keys, for erasing one person's data by destroying their key. Not made by this version:
   * always empty here; a later format version fills it and a restore of such a file restores the keys with the rows.
   */
  personKeys: z.array(z.never()),
  takenAt: z.string().datetime(),
  takenBy: z.string(),
  host: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const headerLineSchema = z.object({ manifest: z.unknown() }).strict();
export const tableLineSchema = z.object({ table: z.string(), rows: count }).strict();
export const trailerLineSchema = z
  .object({ trailer: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/), lines: count }).strict() })
  .strict();

/** "412,000 of 1,000,000 events (41%)", as the progress lines say it. */
export function progressText(verb: string, done: number, total: number, what: string): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `${verb}: ${done.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} ${what} (${percent}%)`;
}

/** A progress line at most once a second, and one at the end. */
export function throttledProgress(
  write: (line: string) => void,
  everyMs = 1000,
): (line: string, last?: boolean) => void {
  let lastAt = 0;
  return (line, last = false) => {
    const at = performance.now();
    if (!last && at - lastAt < everyMs) return;
    lastAt = at;
    write(line);
  };
}
