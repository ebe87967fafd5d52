import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';
import type Koa from 'koa';
import type pg from 'pg';
import { v5 as uuidv5, v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { errorHandler, HttpError, type Session } from '@care/events/server';
import type { CommandState } from './command-state';

/**
 * Idempotent writes (docs/decisions/0025-idempotent-writes.md). A phone that never heard the reply, a double tap
 * or an outbox sent twice repeats a write with the same Idempotency-Key; the repeat is answered with the first
 * reply and appends nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is remembered at least this long; the sweeper deletes older ones. */
export const IDEMPOTENCY_KEEP_DAYS = 7;
/**
 * How long a request holds its key before a repeat may run it again. A process that crashed mid-request never
 * answers, so its key must not stay blocked for ever; the event ids (below) keep the re-run from appending twice.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1 to 255 visible ASCII characters: a UUID, or whatever token the client makes. */
const keySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters`);

/** What the key's row says about a request that carries it. */
export type Claim =
  | { readonly kind: 'run'; readonly claimId: string; readonly leaseToken: string }
  | { readonly kind: 'replay'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'running' }
  | { readonly kind: 'other_request' };

interface KeyRow {
  fingerprint: string;
  claim_id: string;
  status: number | null;
  body: unknown;
  lease_active: boolean;
  expired: boolean;
}

/** The auth.idempotency_keys table: the command API is its one writer (docs/decisions/0022). */
export class IdempotencyKeys {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Takes the key for a run, or says why not, in one transaction holding the row's lock, so of two identical
   * requests arriving together exactly one runs.
   */
  async claim(userId: string, key: string, fingerprint: string): Promise<Claim> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const leaseToken = randomUUID();
      const inserted = await client.query<{ claim_id: string }>(
        `INSERT INTO auth.idempotency_keys (user_id, key, fingerprint, claim_id, lease_token, lease_until)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))
         ON CONFLICT (user_id, key) DO NOTHING RETURNING claim_id`,
        [userId, key, fingerprint, randomUUID(), leaseToken, IDEMPOTENCY_LEASE_SECONDS],
      );
      let claim: Claim;
      if (inserted.rows[0]) {
        claim = { kind: 'run', claimId: inserted.rows[0].claim_id, leaseToken };
      } else {
        const { rows } = await client.query<KeyRow>(
          `SELECT fingerprint, claim_id, status, body,
                  coalesce(lease_until > now(), false) AS lease_active,
                  created_at < now() - make_interval(days => $3) AS expired
           FROM auth.idempotency_keys WHERE user_id = $1 AND key = $2 FOR UPDATE`,
          [userId, key, IDEMPOTENCY_KEEP_DAYS],
        );
        const row = rows[0];
        if (!row) throw new Error('An idempotency key row vanished under its lock');
        if (row.expired) {
          // Past its keeping time but not yet swept: the key is free for a new request, with new event ids.
          const claimId = randomUUID();
          await client.query(
            `UPDATE auth.idempotency_keys SET fingerprint = $3, claim_id = $4, lease_token = $5,
               lease_until = now() + make_interval(secs => $6), status = NULL, body = NULL, created_at = now()
             WHERE user_id = $1 AND key = $2`,
            [userId, key, fingerprint, claimId, leaseToken, IDEMPOTENCY_LEASE_SECONDS],
          );
          claim = { kind: 'run', claimId, leaseToken };
        } else if (row.fingerprint !== fingerprint) {
          claim = { kind: 'other_request' };
        } else if (row.status !== null) {
          claim = { kind: 'replay', status: row.status, body: row.body };
        } else if (row.lease_active) {
          claim = { kind: 'running' };
        } else {
          // An earlier run ended without a reply worth keeping (a crash, a 5xx, a conflict): run again under the
          // same claim id, so any event that run did append has the id this one would give it.
          await client.query(
            `UPDATE auth.idempotency_keys SET lease_token = $3, lease_until = now() + make_interval(secs => $4)
             WHERE user_id = $1 AND key = $2`,
            [userId, key, leaseToken, IDEMPOTENCY_LEASE_SECONDS],
          );
          claim = { kind: 'run', claimId: row.claim_id, leaseToken };
        }
      }
      await client.query('COMMIT');
      return claim;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Keeps the reply for repeats (only while this run still holds the lease). */
  async finish(userId: string, key: string, leaseToken: string, status: number, body: string): Promise<void> {
    await this.pool.query(
      `UPDATE auth.idempotency_keys SET status = $4, body = $5::jsonb, lease_token = NULL, lease_until = NULL
       WHERE user_id = $1 AND key = $2 AND lease_token = $3`,
      [userId, key, leaseToken, status, body],
    );
  }

  /**
   * Ends the lease without keeping a reply, so a repeat runs again at once. The row, and so its claim id, stays:
   * a run that appended some events before failing cannot have them appended a second time by the repeat.
   */
  async release(userId: string, key: string, leaseToken: string): Promise<void> {
    await this.pool.query(
      `UPDATE auth.idempotency_keys SET lease_token = NULL, lease_until = NULL
       WHERE user_id = $1 AND key = $2 AND lease_token = $3`,
      [userId, key, leaseToken],
    );
  }

  /** Deletes keys older than the keeping time. Returns how many went. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.pool.query(
      'DELETE FROM auth.idempotency_keys WHERE created_at < now() - make_interval(days => $1)',
      [IDEMPOTENCY_KEEP_DAYS],
    );
    return rowCount ?? 0;
  }
}

/** The ids of the events a keyed request appends: the n-th is a UUID v5 of its claim id and n. */
interface EventIdSeed {
  readonly claimId: string;
  appended: number;
}

const eventIdSeeds = new AsyncLocalStorage<EventIdSeed>();

/**
 * Ids for the events about to be appended. Outside a keyed request they are fresh UUIDv7s. Inside one they follow
 * from the key's claim id and the count appended so far, so a re-run of a request whose reply was lost gives its
 * first event the id the first run's first event already has: the PostgreSQL store holds event ids unique, and
 * refuses the append as a conflict instead of recording the action twice. Call `eventIdsAppended` once the
 * append has succeeded, so a refused append's ids are offered again.
 */
export function nextEventIds(count: number): string[] {
  const seed = eventIdSeeds.getStore();
  if (!seed) return Array.from({ length: count }, () => uuidv7());
  return Array.from({ length: count }, (_, index) => uuidv5(String(seed.appended + index), seed.claimId));
}

export function eventIdsAppended(count: number): void {
  const seed = eventIdSeeds.getStore();
  if (seed) seed.appended += count;
}

/** SHA-256 of method, path with query, and the body's canonical JSON (keys sorted at every level). */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const bodyHash = createHash('sha256')
    .update(canonicalJson(body) ?? '')
    .digest('hex');
  return createHash('sha256').update(`${method}\n${url}\n${bodyHash}`).digest('hex');
}

function canonicalJson(value: unknown): string | undefined {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item) ?? 'null').join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item) ?? 'null'}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The reply as JSON text when it can be kept and answered again; undefined for a stream, bytes or no body. */
function keptBody(body: unknown): string | undefined {
  if (body === undefined || body === null || Buffer.isBuffer(body) || body instanceof Stream) return undefined;
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

/**
 * Kept replies: any final answer, refusals included (a 400 stays a 400). Not kept, so a repeat runs again: 5xx
 * (the service failed), 409 (someone else changed the record, or the key's earlier run is found to have appended
 * already: running again is the only way to learn the current outcome), 429 (wait and try again), a reply that
 * sets a cookie (a new session cannot be handed out twice) and a reply that is not JSON.
 */
function keepable(ctx: Koa.ParameterizedContext<CommandState>): boolean {
  const status = ctx.status;
  if (status >= 500 || status === 409 || status === 429) return false;
  return !ctx.response.get('set-cookie');
}

export interface IdempotentWritesOptions {
  readonly keys: IdempotencyKeys;
  /** Routes that read their own body as a stream (the voice-note upload): the key is refused there. */
  readonly isStreamedUpload: (ctx: Koa.ParameterizedContext<CommandState>) => boolean;
}

/**
 * Put after the session is known and the body parsed. Writes without the header pass straight through; so do the
 * sign-in paths, which have no user to scope a key to and answer with a session cookie.
 */
export function idempotentWrites({ keys, isStreamedUpload }: IdempotentWritesOptions): Koa.Middleware<CommandState> {
  // Refusals are thrown as errors further in; rendering them here, as the shared handler would, lets the reply be kept.
  const render = errorHandler();
  return async (ctx, next) => {
    const header = ctx.headers['idempotency-key'];
    const session: Session | undefined = ctx.state.session;
    if (!WRITES.has(ctx.method) || header === undefined || !session) return next();
    const parsed = keySchema.safeParse(header);
    if (!parsed.success) {
      throw new HttpError(400, 'Validation failed', {
        [IDEMPOTENCY_KEY_HEADER]: parsed.error.issues[0]?.message ?? 'Invalid key',
      });
    }
    if (isStreamedUpload(ctx)) {
      throw new HttpError(400, 'Validation failed', {
        [IDEMPOTENCY_KEY_HEADER]: `${IDEMPOTENCY_KEY_HEADER} is not accepted on uploads: send the recording again without it`,
      });
    }
    const key = parsed.data;
    const userId = session.userId;
    const claim = await keys.claim(userId, key, requestFingerprint(ctx.method, ctx.url, ctx.request.body));
    switch (claim.kind) {
      case 'other_request':
        throw new HttpError(422, 'This Idempotency-Key was already used for another request', {
          [IDEMPOTENCY_KEY_HEADER]: 'This key was already used for another request: send a new key',
        });
      case 'running':
        ctx.set('Retry-After', '1');
        throw new HttpError(409, 'A request with this Idempotency-Key is still in progress. Try again in a moment.');
      case 'replay':
        if (claim.body !== null) ctx.body = claim.body;
        ctx.status = claim.status; // after the body: assigning one may change koa's status
        ctx.set(REPLAYED_HEADER, 'true');
        return;
      case 'run':
        break;
    }
    try {
      await eventIdSeeds.run({ claimId: claim.claimId, appended: 0 }, () => render(ctx, next));
    } catch (error) {
      await keys.release(userId, key, claim.leaseToken);
      throw error;
    }
    const body = keptBody(ctx.body);
    const noContent = ctx.body === undefined || ctx.body === null;
    if (keepable(ctx) && (body !== undefined || (noContent && ctx.status < 300))) {
      await keys.finish(userId, key, claim.leaseToken, ctx.status, body ?? 'null');
    } else {
      await keys.release(userId, key, claim.leaseToken);
    }
  };
}
