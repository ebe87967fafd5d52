import type pg from 'pg';
import { positionToToken } from '../store/position';
import {
  GENESIS_HASH,
  REDACTIONS_JOIN_SQL,
  SEALED_CONTENT_HASH_SQL,
  chainHash,
  readChainHead,
  type ChainHead,
} from './log-chain';

/**
 * Checks the whole hash chain against the event rows (log-chain.ts) and names the first break.
 * Two range scans walked side by side: the chain by its index, the events in global order with their
 * content hashes computed by PostgreSQL. An entry whose event is gone names a deletion, an event with no
 * entry an insertion, a hash that does not follow an edit; a hole in the chain's numbering is a deleted entry.
 */
export type ChainBreak =
  | {
      readonly kind: 'altered';
      readonly chainIndex: string;
      readonly position: string;
      readonly eventId: string;
      readonly streamId: string;
      readonly eventType: string;
    }
  | {
      readonly kind: 'deleted';
      readonly chainIndex: string;
      readonly position: string;
      readonly previousPosition: string | null;
      readonly nextPosition: string | null;
    }
  | {
      readonly kind: 'inserted';
      readonly position: string;
      readonly eventId: string;
      readonly streamId: string;
      readonly eventType: string;
    }
  | { readonly kind: 'chain-gap'; readonly fromIndex: string; readonly toIndex: string };

export interface LogDigest {
  readonly chainIndex: bigint;
  readonly position: string;
  readonly hash: string;
}

export interface VerifyResult {
  readonly ok: boolean;
  /** Chain entries checked (up to the first break). */
  readonly checked: number;
  readonly head: LogDigest;
  readonly firstBreak?: ChainBreak;
  /** Committed events after the head, not sealed yet (0 after a seal with nothing in flight). */
  readonly unsealed: number;
  /** Only with a digest: whether the log still holds that exact prefix. */
  readonly digestMatches?: boolean;
}

const PAGE = 20_000;
const DIGEST = /^care-log:v1:(\d{1,20}):(\d{1,20}\.\d{1,20}):([0-9a-f]{64})$/;

export function formatDigest(digest: LogDigest): string {
  return `care-log:v1:${digest.chainIndex}:${digest.position}:${digest.hash}`;
}

export function parseDigest(text: string): LogDigest | undefined {
  const match = DIGEST.exec(text.trim());
  if (!match) return undefined;
  return { chainIndex: BigInt(match[1]!), position: match[2]!, hash: match[3]! };
}

const headDigest = (head: ChainHead): LogDigest => ({
  chainIndex: head.index,
  position: positionToToken({ commit: head.commit, prepare: head.prepare }),
  hash: head.hash.toString('hex'),
});

export async function logDigest(pool: pg.Pool): Promise<LogDigest> {
  return headDigest(await readChainHead(pool));
}

/** One page of the chain: its entries, and the events in the same stretch of the global order. */
interface ChainEntry {
  readonly index: bigint;
  readonly commit: bigint;
  readonly prepare: bigint;
  readonly hash: Buffer;
}
interface EventEntry {
  readonly commit: bigint;
  readonly prepare: bigint;
  readonly content: Buffer;
}

/** Each page arrives as one bytea of fixed-size records, so the driver parses a value per page, not per row. */
async function chainPage(pool: pg.Pool, afterIndex: bigint, headIndex: bigint): Promise<ChainEntry[]> {
  const { rows } = await pool.query<{ packed: Buffer | null }>(
    `select string_agg(int8send(chain_index) || int8send(transaction_id) || int8send(sequence) || hash, ''::bytea order by chain_index) as packed
     from (select * from es_chain where chain_index > $1 and chain_index <= $3 order by chain_index limit $2) c`,
    [afterIndex.toString(), PAGE, headIndex.toString()],
  );
  const packed = rows[0]?.packed;
  const entries: ChainEntry[] = [];
  if (!packed) return entries;
  for (let at = 0; at < packed.length; at += 56) {
    entries.push({
      index: packed.readBigInt64BE(at),
      commit: packed.readBigInt64BE(at + 8),
      prepare: packed.readBigInt64BE(at + 16),
      hash: packed.subarray(at + 24, at + 56),
    });
  }
  return entries;
}

async function eventPage(
  pool: pg.Pool,
  after: readonly [bigint, bigint],
  upTo: readonly [bigint, bigint],
): Promise<EventEntry[]> {
  const { rows } = await pool.query<{ packed: Buffer | null }>(
    `select string_agg(int8send(e.transaction_id) || int8send(e.sequence) || ${SEALED_CONTENT_HASH_SQL}, ''::bytea order by e.transaction_id, e.sequence) as packed
     from es_events e ${REDACTIONS_JOIN_SQL}
     where (e.transaction_id, e.sequence) > ($1::bigint, $2::bigint) and (e.transaction_id, e.sequence) <= ($3::bigint, $4::bigint)`,
    [after[0].toString(), after[1].toString(), upTo[0].toString(), upTo[1].toString()],
  );
  const packed = rows[0]?.packed;
  const entries: EventEntry[] = [];
  if (!packed) return entries;
  for (let at = 0; at < packed.length; at += 48) {
    entries.push({
      commit: packed.readBigInt64BE(at),
      prepare: packed.readBigInt64BE(at + 8),
      content: packed.subarray(at + 16, at + 48),
    });
  }
  return entries;
}

/** How many stretches of events are hashed at once: PostgreSQL does the hashing, one core per connection. */
const CONCURRENT_PAGES = 3;

export async function verifyLog(pool: pg.Pool, { digest }: { digest?: LogDigest } = {}): Promise<VerifyResult> {
  const head = await readChainHead(pool);
  // The chain pages are read one after another (each starts where the last ended); the events of each page's
  // stretch of the global order are hashed ahead, a few stretches at a time, while earlier pages are checked.
  type Page = { chain: ChainEntry[]; events: Promise<EventEntry[]> };
  const pages: Page[] = [];
  let lastIndex = 0n;
  let lastPosition: readonly [bigint, bigint] = [0n, 0n];
  let chainDone = false;
  const fillAhead = async () => {
    while (!chainDone && pages.length < CONCURRENT_PAGES) {
      const chain = await chainPage(pool, lastIndex, head.index);
      if (chain.length < PAGE) chainDone = true;
      const last = chain.at(-1);
      // The last page's stretch runs to the head: an event after the last entry but before the head is an insertion.
      const upTo: readonly [bigint, bigint] = chainDone ? [head.commit, head.prepare] : [last!.commit, last!.prepare];
      const events = eventPage(pool, lastPosition, upTo);
      events.catch(() => undefined);
      pages.push({ chain, events });
      if (last) {
        lastIndex = last.index;
        lastPosition = [last.commit, last.prepare];
      }
    }
  };

  let expectedIndex = 1n;
  let previous: Buffer = GENESIS_HASH;
  let previousPosition: string | null = null;
  let checked = 0;
  let digestMatches: boolean | undefined = digest ? false : undefined;
  let firstBreak: ChainBreak | undefined;
  const token = (entry: { commit: bigint; prepare: bigint }) => `${entry.commit}.${entry.prepare}`;

  await fillAhead();
  while (pages.length > 0 && !firstBreak) {
    const page = pages.shift()!;
    const fill = fillAhead();
    const events = await page.events;
    let at = 0;
    for (const entry of page.chain) {
      if (entry.index !== expectedIndex) {
        firstBreak = { kind: 'chain-gap', fromIndex: expectedIndex.toString(), toIndex: (entry.index - 1n).toString() };
        break;
      }
      const event = events[at];
      const order = event ? comparePosition(event, entry) : 1;
      if (order > 0) {
        firstBreak = {
          kind: 'deleted',
          chainIndex: entry.index.toString(),
          position: token(entry),
          previousPosition,
          nextPosition: event ? token(event) : await nextPositionAfter(pool, entry),
        };
        break;
      }
      if (order < 0) {
        firstBreak = await insertedBreak(pool, event!);
        break;
      }
      const hash = chainHash(previous, event!.content);
      if (!hash.equals(entry.hash)) {
        firstBreak = await alteredBreak(pool, entry);
        break;
      }
      if (digest && entry.index === digest.chainIndex) {
        digestMatches = token(entry) === digest.position && hash.toString('hex') === digest.hash;
      }
      previous = hash;
      previousPosition = token(entry);
      checked += 1;
      expectedIndex += 1n;
      at += 1;
    }
    if (!firstBreak && at < events.length) firstBreak = await insertedBreak(pool, events[at]!);
    await fill;
  }
  // Let the stretches still being hashed finish before the caller may end the pool.
  await Promise.allSettled(pages.map((page) => page.events));
  const { rows } = await pool.query<{ count: string }>(
    'select count(*) as count from es_events where (transaction_id, sequence) > ($1::bigint, $2::bigint)',
    [head.commit.toString(), head.prepare.toString()],
  );
  return {
    ok: !firstBreak && digestMatches !== false,
    checked,
    head: headDigest(head),
    ...(firstBreak ? { firstBreak } : {}),
    unsealed: Number(rows[0]!.count),
    ...(digestMatches === undefined ? {} : { digestMatches }),
  };
}

interface EventIdentity {
  event_id: string;
  stream_id: string;
  event_type: string;
}

async function identify(pool: pg.Pool, position: { commit: bigint; prepare: bigint }): Promise<EventIdentity> {
  const { rows } = await pool.query<EventIdentity>(
    'select event_id, stream_id, event_type from es_events where transaction_id = $1 and sequence = $2',
    [position.commit.toString(), position.prepare.toString()],
  );
  return rows[0] ?? { event_id: '?', stream_id: '?', event_type: '?' };
}

async function alteredBreak(pool: pg.Pool, entry: ChainEntry): Promise<ChainBreak> {
  const event = await identify(pool, entry);
  return {
    kind: 'altered',
    chainIndex: entry.index.toString(),
    position: `${entry.commit}.${entry.prepare}`,
    eventId: event.event_id,
    streamId: event.stream_id,
    eventType: event.event_type,
  };
}

async function insertedBreak(pool: pg.Pool, entry: EventEntry): Promise<ChainBreak> {
  const event = await identify(pool, entry);
  return {
    kind: 'inserted',
    position: `${entry.commit}.${entry.prepare}`,
    eventId: event.event_id,
    streamId: event.stream_id,
    eventType: event.event_type,
  };
}

async function nextPositionAfter(pool: pg.Pool, entry: ChainEntry): Promise<string | null> {
  const { rows } = await pool.query<{ transaction_id: string; sequence: string }>(
    `select transaction_id, sequence from es_events where (transaction_id, sequence) > ($1::bigint, $2::bigint)
     order by transaction_id, sequence limit 1`,
    [entry.commit.toString(), entry.prepare.toString()],
  );
  const row = rows[0];
  return row ? `${row.transaction_id}.${row.sequence}` : null;
}

function comparePosition(event: EventEntry, entry: ChainEntry): number {
  if (event.commit !== entry.commit) return event.commit < entry.commit ? -1 : 1;
  return event.prepare === entry.prepare ? 0 : event.prepare < entry.prepare ? -1 : 1;
}

/** One line a person reads: what broke and where. */
export function describeBreak(firstBreak: ChainBreak): string {
  switch (firstBreak.kind) {
    case 'altered':
      return `Event ${firstBreak.eventId} (${firstBreak.eventType} in ${firstBreak.streamId}) at position ${firstBreak.position}, chain entry ${firstBreak.chainIndex}, does not match its hash: it was changed after it was written.`;
    case 'deleted':
      return `The event at position ${firstBreak.position} (chain entry ${firstBreak.chainIndex}) is missing: it was deleted. Gap between position ${firstBreak.previousPosition ?? 'the start of the log'} and ${firstBreak.nextPosition ?? 'the end of the log'}.`;
    case 'inserted':
      return `Event ${firstBreak.eventId} (${firstBreak.eventType} in ${firstBreak.streamId}) at position ${firstBreak.position} is not in the chain: it was inserted after the log was sealed.`;
    case 'chain-gap':
      return `Chain entries ${firstBreak.fromIndex} to ${firstBreak.toIndex} are missing: entries were deleted from the chain.`;
  }
}
