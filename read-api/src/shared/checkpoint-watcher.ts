import type pg from 'pg';
import type { Kysely } from 'kysely';
import { comparePositions, positionFromToken, positionToToken, START_POSITION, type Position } from '@care/events';
import {
  READ_MODEL_CHANGED_CHANNEL,
  READ_MODEL_SCHEMA,
  type ReadModelChanged,
  type ReadModelDatabase,
} from '@care/projector';
import { retryOnPool, watchHeldClient, type Logger } from '@care/events/server';

/** Waits between attempts to open the LISTEN connection again: doubling from the first to the last. */
const RECONNECT_DELAYS_MS = { first: 100, last: 5_000 } as const;

export type ChangeListener = (change: ReadModelChanged) => void;

/**
 * Follows the projector's commits (PostgreSQL NOTIFY, docs/decisions/0008-live-push-through-postgresql-notify.md):
 * knows how far each projection has got (each keeps its own checkpoint,
 * docs/decisions/0013-projections-look-after-themselves.md), lets a request wait until the projections it reads have
 * reached its own write (docs/decisions/0007-read-your-writes.md), and fans the change out to the live push. Every
 * read-api instance has its own.
 */
export class CheckpointWatcher {
  private readonly positions = new Map<string, Position>();
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<ChangeListener>();
  private client: pg.PoolClient | undefined;
  private unwatch: (() => void) | undefined;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.listen();
    await this.refresh();
  }

  /** One LISTEN connection; when it is lost (PostgreSQL restarted, the backend terminated) another is opened. */
  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    if (this.stopped) return client.release(); // stopped while a reconnect was under way
    this.unwatch = watchHeldClient(client, (error) => {
      this.client = undefined;
      this.unwatch = undefined;
      if (this.stopped) return;
      this.log.warn({ err: error }, 'checkpoint listener connection lost; reconnecting');
      this.reconnect(RECONNECT_DELAYS_MS.first);
    });
    client.on('notification', (message) => void this.onNotification(message.payload));
    this.client = client;
    await client.query(`listen ${READ_MODEL_CHANGED_CHANNEL}`);
  }

  private reconnect(delayMs: number): void {
    this.reconnectTimer = retryOnPool(this.pool, delayMs, () => {
      this.reconnectTimer = undefined;
      if (this.stopped) return;
      this.listen()
        .then(() => this.catchUpAfterReconnect())
        .catch((error: unknown) => {
          // The connection broke again before LISTEN took: its watcher has already scheduled the next attempt.
          if (this.client || this.reconnectTimer || this.stopped) return;
          this.log.warn({ err: error, retryInMs: delayMs }, 'checkpoint listener could not reconnect yet');
          this.reconnect(Math.min(delayMs * 2, RECONNECT_DELAYS_MS.last));
        });
    });
  }

  /** Notifications sent while the connection was down are lost: read the checkpoints and announce what moved. */
  private async catchUpAfterReconnect(): Promise<void> {
    const moved = await this.refresh();
    this.log.info({ moved }, 'checkpoint listener reconnected');
    for (const wake of [...this.waiters]) wake();
    if (moved.length === 0) return;
    const change: ReadModelChanged = { position: positionToToken(this.current(moved)), projections: moved, live: [] };
    for (const listener of this.listeners) listener(change);
  }

  /**
   * The position every one of `projections` has reached (all of them when none are named): the smallest of their
   * checkpoints. A projection not built yet counts as position zero.
   */
  current(projections?: readonly string[]): Position {
    const names = projections && projections.length > 0 ? projections : [...this.positions.keys()];
    let min: Position | undefined;
    for (const name of names) {
      const position = this.positions.get(name) ?? START_POSITION;
      if (!min || comparePositions(position, min) < 0) min = position;
    }
    return min ?? START_POSITION;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves true once `projections` (all when none) have reached `target`, false after `timeoutMs`. */
  async waitFor(target: Position, timeoutMs: number, projections?: readonly string[]): Promise<boolean> {
    if (comparePositions(this.current(projections), target) >= 0) return true;
    await this.refresh(); // a notification may have been missed while reconnecting
    const deadline = Date.now() + timeoutMs;
    while (comparePositions(this.current(projections), target) < 0) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(remaining, 500));
        this.waiters.add(done);
      });
      if (comparePositions(this.current(projections), target) < 0) await this.refresh();
    }
    return true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    for (const wake of this.waiters) wake();
    const client = this.client;
    this.client = undefined;
    this.unwatch?.();
    if (client) {
      await client.query(`unlisten ${READ_MODEL_CHANGED_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  /**
   * Each projection's checkpoint as committed: the served tables' (a rebuild's own progress does not count).
   * Returns the projections that moved.
   */
  private async refresh(): Promise<string[]> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('projection_status')
      .select(['name', 'version', 'commit_position', 'prepare_position'])
      .execute()
      .catch(() => []);
    const moved: string[] = [];
    for (const row of rows) {
      // A projection with no tables yet (version 0) has served nothing.
      const position =
        row.version === 0
          ? START_POSITION
          : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
      if (this.advance(row.name, position)) moved.push(row.name);
    }
    return moved;
  }

  private advance(name: string, position: Position): boolean {
    const known = this.positions.get(name);
    if (known && comparePositions(position, known) <= 0) return false;
    this.positions.set(name, position);
    return true;
  }

  private async onNotification(payload: string | undefined): Promise<void> {
    let change: ReadModelChanged;
    try {
      change = JSON.parse(payload ?? '') as ReadModelChanged;
    } catch {
      return;
    }
    const position = positionFromToken(change.position);
    if (!position || !Array.isArray(change.live) || !Array.isArray(change.projections)) return;
    for (const name of change.live) this.advance(name, position);
    for (const wake of [...this.waiters]) wake();
    for (const listener of this.listeners) listener(change);
  }
}
