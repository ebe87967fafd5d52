import type pg from 'pg';
import type { Kysely } from 'kysely';
import { comparePositions, type Position, positionFromToken } from '@care/events';
import { READ_MODEL_CHANGED_CHANNEL, READ_MODEL_SCHEMA, readCheckpoint, type ReadModelChanged, type ReadModelDatabase } from '@care/projector';
import type { Logger } from '@care/events/server';

export type ChangeListener = (change: ReadModelChanged) => void;

/**
 * Follows the projector's commits (PostgreSQL NOTIFY, DESIGN.md decision 5): knows how far the
 * read model has got, lets a request wait for its own write (decision 4), and fans the change
 * out to the live push. Every read-api instance has its own, so all of them stay live.
 */
export class CheckpointWatcher {
  private position: Position = { commit: 0n, prepare: 0n };
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<ChangeListener>();
  private client: pg.PoolClient | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.client = await this.pool.connect();
    this.client.on('notification', (message) => void this.onNotification(message.payload));
    this.client.on('error', (error) => this.log.error({ err: error }, 'checkpoint listener connection failed'));
    await this.client.query(`listen ${READ_MODEL_CHANGED_CHANNEL}`);
    await this.refresh();
  }

  current(): Position {
    return this.position;
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves true once the read model has reached `target`, false after `timeoutMs`. */
  async waitFor(target: Position, timeoutMs: number): Promise<boolean> {
    if (comparePositions(this.position, target) >= 0) return true;
    await this.refresh(); // a notification may have been missed while reconnecting
    const deadline = Date.now() + timeoutMs;
    while (comparePositions(this.position, target) < 0) {
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
      if (comparePositions(this.position, target) < 0) await this.refresh();
    }
    return true;
  }

  async stop(): Promise<void> {
    for (const wake of this.waiters) wake();
    if (this.client) {
      await this.client.query(`unlisten ${READ_MODEL_CHANGED_CHANNEL}`).catch(() => undefined);
      this.client.release();
    }
  }

  private async refresh(): Promise<void> {
    const stored = await readCheckpoint(this.db, READ_MODEL_SCHEMA).catch(() => undefined);
    if (stored && comparePositions(stored, this.position) > 0) this.position = stored;
  }

  private async onNotification(payload: string | undefined): Promise<void> {
    let change: ReadModelChanged;
    try {
      change = JSON.parse(payload ?? '') as ReadModelChanged;
    } catch {
      return;
    }
    const position = positionFromToken(change.position);
    if (position && comparePositions(position, this.position) > 0) this.position = position;
    if (!position) {
      // A rebuild swapped the schema: its checkpoint may be anywhere.
      this.position = { commit: 0n, prepare: 0n };
      await this.refresh();
    }
    for (const wake of [...this.waiters]) wake();
    for (const listener of this.listeners) listener(change);
  }
}
