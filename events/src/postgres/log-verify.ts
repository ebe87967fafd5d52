import type pg from 'pg';
import { positionToToken } from '../store/position';
import { CONTENT_HASH_SQL, GENESIS_HASH, chainHash, readChainHead, type ChainHead } from './log-chain';

/**
 * Checks the whole hash chain against the event rows (log-chain.ts) and names the first break.
 * Two range scans walked side by side: the chain by its index, the events in global order with their
 * content hashes computed by PostgreSQL. An entry whose event is gone names a deletion, an event with no
 * entry an insertion, a hash that does not follow an edit; a hole in the chain's numbering is a deleted entry.
 */
export type ChainBreak =
  | { readonly kind: 'altered'; readonly chainIndex: string; readonly position: string; readonly eventId: string; readonly streamId: string; readonly eventType: string }
  | { readonly kind: 'deleted'; readonly chainIndex: string; readonly position: string; readonly previousPosition: string | null; readonly nextPosition: string | null }
  | { readonly kind: 'inserted'; readonly position: string; readonly eventId: string; readonly streamId: string; readonly eventType: string }
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

interface ChainRow {
  chain_index: string;
  transaction_id: string;
  sequence: string;
  hash: Buffer;
}
interface EventRow {
  transaction_id: string;
  sequence: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  content: Buffer;
}

/** A forward-only reader of pages, fetching the next page while the current one is checked. */
class PagedReader<T> {
  private page: T[] = [];
  private at = 0;
  private nextPage: Promise<T[]> | undefined;
  private done = false;

  constructor(private readonly fetch: (last: T | undefined) => Promise<T[]>) {}

  async peek(): Promise<T | undefined> {
    if (this.at < this.page.length) return this.page[this.at];
    if (this.done) return undefined;
    const last = this.page.at(-1);
    this.page = await (this.nextPage ?? this.fetch(last));
    this.nextPage = undefined;
    this.at = 0;
    if (this.page.length < PAGE) this.done = true;
    else this.nextPage = this.fetch(this.page.at(-1));
    return this.page[0];
  }

  take(): void {
    this.at += 1;
  }
}

export async function verifyLog(pool: pg.Pool, { digest }: { digest?: LogDigest } = {}): Promise<VerifyResult> {
  const head = await readChainHead(pool);
  const chain = new PagedReader<ChainRow>(async (last) => {
    const { rows } = await pool.query<ChainRow>(
      'select chain_index, transaction_id, sequence, hash from es_chain where chain_index > $1 order by chain_index limit $2',
      [last?.chain_index ?? '0', PAGE],
    );
    return rows;
  });
  const events = new PagedReader<EventRow>(async (last) => {
    const { rows } = await pool.query<EventRow>(
      `select e.transaction_id, e.sequence, e.event_id, e.stream_id, e.event_type, ${CONTENT_HASH_SQL} as content
       from es_events e
       where (e.transaction_id, e.sequence) > ($1::bigint, $2::bigint)
         and (e.transaction_id, e.sequence) <= ($3::bigint, $4::bigint)
       order by e.transaction_id, e.sequence limit $5`,
      [last?.transaction_id ?? '0', last?.sequence ?? '0', head.commit.toString(), head.prepare.toString(), PAGE],
    );
    return rows;
  });

  let expectedIndex = 1n;
  let previous: Buffer = GENESIS_HASH;
  let previousPosition: string | null = null;
  let checked = 0;
  let digestMatches: boolean | undefined = digest ? false : undefined;
  let firstBreak: ChainBreak | undefined;

  for (;;) {
    const entry = await chain.peek();
    if (!entry) break;
    const index = BigInt(entry.chain_index);
    const entryPosition = `${entry.transaction_id}.${entry.sequence}`;
    if (index !== expectedIndex) {
      firstBreak = { kind: 'chain-gap', fromIndex: expectedIndex.toString(), toIndex: (index - 1n).toString() };
      break;
    }
    const event = await events.peek();
    const order = event ? comparePosition(event, entry) : 1;
    if (order > 0) {
      const next = event ? `${event.transaction_id}.${event.sequence}` : null;
      firstBreak = { kind: 'deleted', chainIndex: entry.chain_index, position: entryPosition, previousPosition, nextPosition: next };
      break;
    }
    if (order < 0) {
      firstBreak = { kind: 'inserted', position: `${event!.transaction_id}.${event!.sequence}`, eventId: event!.event_id, streamId: event!.stream_id, eventType: event!.event_type };
      break;
    }
    const hash = chainHash(previous, event!.content);
    if (!hash.equals(entry.hash)) {
      firstBreak = { kind: 'altered', chainIndex: entry.chain_index, position: entryPosition, eventId: event!.event_id, streamId: event!.stream_id, eventType: event!.event_type };
      break;
    }
    if (digest && index === digest.chainIndex) {
      digestMatches = entryPosition === digest.position && hash.toString('hex') === digest.hash;
    }
    previous = hash;
    previousPosition = entryPosition;
    checked += 1;
    expectedIndex += 1n;
    chain.take();
    events.take();
  }
  if (!firstBreak) {
    const extra = await events.peek();
    if (extra) {
      firstBreak = { kind: 'inserted', position: `${extra.transaction_id}.${extra.sequence}`, eventId: extra.event_id, streamId: extra.stream_id, eventType: extra.event_type };
    }
  }
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

function comparePosition(event: EventRow, entry: ChainRow): number {
  const a = BigInt(event.transaction_id);
  const b = BigInt(entry.transaction_id);
  if (a !== b) return a < b ? -1 : 1;
  const c = BigInt(event.sequence);
  const d = BigInt(entry.sequence);
  return c === d ? 0 : c < d ? -1 : 1;
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
