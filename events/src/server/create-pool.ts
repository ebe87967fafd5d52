import pg from 'pg';
import { createLogger, type Logger } from './logger';

/**
 * Limits every connection of a service's pool carries (PostgreSQL settings sent when the connection opens).
 * - statement: one statement may run this long; a runaway query is cancelled instead of holding a connection.
 * - idleInTransaction: a transaction left open this long between statements is ended by the server, so a request
 *   that died half-way cannot hold row locks (or hold back every reader's `pg_snapshot_xmin`) for ever.
 */
export const POOL_TIMEOUTS = {
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
} as const;

export interface CreatePoolOptions {
  readonly max?: number;
  /** Where a broken connection is reported; a logger of its own when absent. */
  readonly log?: Logger;
  /** 0: no limit (the projector's batches and rebuild swaps, which may legitimately run for minutes). */
  readonly statementTimeoutMs?: number;
  readonly idleInTransactionTimeoutMs?: number;
  /** More settings for every connection, as PostgreSQL's startup options (`-c name=value`). */
  readonly settings?: Readonly<Record<string, string>>;
}

/**
 * Every pool of every service is made here. A connection that breaks (PostgreSQL restarted, a backend terminated,
 * the network dropped) makes its client emit 'error': an idle one through the pool's own 'error', a checked-out one
 * (a transaction in flight, a LISTEN connection) on the client itself, where pg attaches no handler. Either one
 * unhandled is an uncaught exception and the process dies. Here both are logged: the query in flight fails (its
 * caller answers 503 or retries), the pool drops the broken client, and the next query opens a fresh connection.
 */
export function createPool(connectionString: string, options: CreatePoolOptions = {}): pg.Pool {
  const log = options.log ?? createLogger('pg-pool');
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    statement_timeout: options.statementTimeoutMs ?? POOL_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? POOL_TIMEOUTS.idleInTransactionMs,
    ...(options.settings && {
      options: Object.entries(options.settings)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    }),
  });
  // The error only: pg-pool hangs the whole client (connection parameters and all) on it.
  const report = (error: Error & { code?: string }) =>
    log.warn(
      { error: error.message, code: error.code },
      'a database connection broke; the pool opens a new one when needed',
    );
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

/**
 * Waits `delayMs`, then runs `retry`, unless the pool has been ended meanwhile (the service is shutting down or a
 * test is over). The timer never keeps a process alive on its own.
 */
export function retryOnPool(pool: pg.Pool, delayMs: number, retry: () => void): NodeJS.Timeout {
  const timer = setTimeout(() => {
    if (!pool.ending && !pool.ended) retry();
  }, delayMs);
  timer.unref();
  return timer;
}

/**
 * A client held out of the pool for a long time (a LISTEN connection, a session lock) must notice when its
 * connection is gone, to open another. Calls `onLost` once, whether the connection errs or ends, after giving the
 * broken client back to the pool to be destroyed. The returned function stops watching (before a normal release).
 */
export function watchHeldClient(client: pg.PoolClient, onLost: (error: Error) => void): () => void {
  let done = false;
  const stop = () => {
    done = true;
    client.off('error', onError);
    client.off('end', onEnd);
  };
  const lost = (error: Error) => {
    if (done) return;
    stop();
    client.release(error);
    onLost(error);
  };
  const onError = (error: Error) => lost(error);
  const onEnd = () => lost(new Error('connection ended'));
  client.on('error', onError);
  client.on('end', onEnd);
  return stop;
}
