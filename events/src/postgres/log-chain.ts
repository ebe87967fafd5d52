import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * The hash chain that makes the PostgreSQL event log prove itself (docs/decisions/0021-tamper-evident-event-log.md).
 *
 * Entry i of es_chain holds hash_i = SHA-256(hash_{i-1} || content_i), with hash_0 = 32 zero bytes, where
 * content_i is the SHA-256 of the event row (position, ids, stream and revision, type and version, recording
 * time, data and metadata). Entries follow the store's global order, (transaction id, sequence).
 *
 * Why after the commit and not inside the append: the global order of an event is only known once every older
 * transaction has ended (readers stop at pg_snapshot_xmin, docs/decisions/0003-commit-safe-global-order.md). Chaining
 * inside the append would need one lock that every append holds until its commit, which serialises all writers; and
 * it would chain in lock order, not in the order subscribers read. So appends stay as they were and a sealer chains
 * what has become final, in the very order readAll returns, in batches (one SELECT and one multi-row INSERT per few
 * thousand events). One sealer at a time holds an advisory lock; the unique chain_index and sequence make a second
 * one fail instead of forking the chain. SQL Server's ledger closes its blocks the same way, after the transactions
 * they cover.
 */

/** The content hash of one es_events row (alias e), computed by PostgreSQL where the row lives. */
export const CONTENT_HASH_SQL = `sha256(convert_to(json_build_array(
    e.transaction_id, e.sequence, e.event_id, e.stream_id, e.stream_revision, e.event_type, e.schema_version,
    (extract(epoch from e.recorded_at) * 1000000)::bigint, e.data, e.metadata)::text, 'UTF8'))`;

/**
 * The content hash the chain holds for a row of es_events e joined (left) with es_redactions r: the row's own hash,
 * or for a row a destruction rewrote the hash it had before, but only while the row still reads as the destruction
 * left it. A redacted row changed afterwards yields its current hash, which breaks the chain like any other edit.
 */
export const SEALED_CONTENT_HASH_SQL = `case when r.sequence is null then ${CONTENT_HASH_SQL}
    when ${CONTENT_HASH_SQL} = r.redacted_hash then r.original_hash else ${CONTENT_HASH_SQL} end`;

/** The join that SEALED_CONTENT_HASH_SQL reads r from. */
export const REDACTIONS_JOIN_SQL =
  'left join es_redactions r on r.sequence = e.sequence and r.transaction_id = e.transaction_id';

export const GENESIS_HASH = Buffer.alloc(32);

/** Advisory lock keys in use: 727001 schema creation, 727002 the projector (projector-lock.ts), 727003 projection status (status-tables.ts). */
export const SEAL_LOCK = 727020;
const SEAL_BATCH = 5000;

export function chainHash(previous: Buffer, content: Buffer): Buffer {
  return createHash('sha256').update(previous).update(content).digest();
}

export interface ChainHead {
  /** 1-based; 0 for an empty chain. */
  readonly index: bigint;
  readonly commit: bigint;
  readonly prepare: bigint;
  readonly hash: Buffer;
}

const EMPTY_HEAD: ChainHead = { index: 0n, commit: 0n, prepare: 0n, hash: GENESIS_HASH };

export async function readChainHead(db: pg.Pool | pg.PoolClient): Promise<ChainHead> {
  const { rows } = await db.query<{ chain_index: string; transaction_id: string; sequence: string; hash: Buffer }>(
    'select chain_index, transaction_id, sequence, hash from es_chain order by chain_index desc limit 1',
  );
  const row = rows[0];
  if (!row) return EMPTY_HEAD;
  return {
    index: BigInt(row.chain_index),
    commit: BigInt(row.transaction_id),
    prepare: BigInt(row.sequence),
    hash: row.hash,
  };
}

export interface SealResult {
  /** False when another sealer held the lock (it seals what is final; nothing was done here). */
  readonly locked: boolean;
  readonly sealed: number;
  /** Committed events after the head that could not be sealed yet (an older transaction is still open). */
  readonly pending: boolean;
}

/**
 * Chains every event that has become final. With `wait`, waits for a running sealer to finish first
 * (the command-line tools); without, returns at once when one is running (the store's background sealer).
 */
export async function sealPending(pool: pg.Pool, { wait = false }: { wait?: boolean } = {}): Promise<SealResult> {
  const client = await pool.connect();
  let locked = false;
  try {
    const { rows: lockRows } = await client.query<{ ok: boolean }>(
      `select ${wait ? 'pg_advisory_lock($1) is not null' : 'pg_try_advisory_lock($1)'} as ok`,
      [SEAL_LOCK],
    );
    locked = lockRows[0]!.ok;
    if (!locked) return { locked: false, sealed: 0, pending: true };
    // A statement after the lock, so its snapshot sees what the previous holder committed.
    let head = await readChainHead(client);
    let sealed = 0;
    for (;;) {
      const batch = await sealBatch(client, head);
      sealed += batch.count;
      head = batch.head;
      if (batch.count < SEAL_BATCH) break;
    }
    // Rows after the head that are committed but not final yet: the caller tries again later.
    const { rows } = await client.query<{ pending: boolean }>(
      `select pg_advisory_unlock($3) as unlocked,
         exists (select 1 from es_events where (transaction_id, sequence) > ($1::bigint, $2::bigint)) as pending`,
      [head.commit.toString(), head.prepare.toString(), SEAL_LOCK],
    );
    locked = false;
    return { locked: true, sealed, pending: rows[0]!.pending };
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1)', [SEAL_LOCK]).catch(() => undefined);
    client.release();
  }
}

async function sealBatch(client: pg.PoolClient, head: ChainHead): Promise<{ count: number; head: ChainHead }> {
  // A statement of its own with no transaction id, so it holds no xmin back while it reads.
  const { rows } = await client.query<{ transaction_id: string; sequence: string; content: Buffer }>(
    `select e.transaction_id, e.sequence, ${SEALED_CONTENT_HASH_SQL} as content
     from es_events e ${REDACTIONS_JOIN_SQL}
     where e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
       and (e.transaction_id, e.sequence) > ($1::bigint, $2::bigint)
     order by e.transaction_id, e.sequence
     limit ${SEAL_BATCH}`,
    [head.commit.toString(), head.prepare.toString()],
  );
  if (rows.length === 0) return { count: 0, head };
  const indexes: string[] = [];
  const transactions: string[] = [];
  const sequences: string[] = [];
  const hashes: Buffer[] = [];
  let index = head.index;
  let hash: Buffer = head.hash;
  for (const row of rows) {
    index += 1n;
    hash = chainHash(hash, row.content);
    indexes.push(index.toString());
    transactions.push(row.transaction_id);
    sequences.push(row.sequence);
    hashes.push(hash);
  }
  // The chain is derived from committed events: a crash that loses this commit only means those events are
  // sealed again, so it need not wait for the disk (synchronous_commit off for this one statement's transaction).
  await client.query(
    `with relaxed as (select set_config('synchronous_commit', 'off', true))
     insert into es_chain (chain_index, transaction_id, sequence, hash)
     select u.* from relaxed, unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bytea[]) as u`,
    [indexes, transactions, sequences, hashes],
  );
  const last = rows.at(-1)!;
  return {
    count: rows.length,
    head: { index, commit: BigInt(last.transaction_id), prepare: BigInt(last.sequence), hash },
  };
}

/**
 * Seals until every committed event is chained, or the time is up (an open transaction elsewhere in the
 * cluster, any database, holds xmin back and with it every later event). For the tools and tests that
 * need the chain complete; the store's background sealer never waits.
 */
export async function sealAll(pool: pg.Pool, { timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<SealResult> {
  const deadline = performance.now() + timeoutMs;
  let sealed = 0;
  for (;;) {
    const result = await sealPending(pool, { wait: true });
    sealed += result.sealed;
    if (!result.pending || performance.now() > deadline) return { ...result, sealed };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
