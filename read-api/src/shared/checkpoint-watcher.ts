import type pg from 'pg';
import type { Kysely } from 'kysely';
import { comparePositions, positionFromToken, START_POSITION, type Position } from '@care/events';
import { READ_MODEL_CHANGED_CHANNEL, READ_MODEL_SCHEMA, type ReadModelChanged, type ReadModelDatabase } from '@care/projector';
import type { Logger } from '@care/events/server';

export type ChangeListener = (change: ReadModelChanged) => void;

/**
 * Follows the projector's commits (PostgreSQL NOTIFY, DESIGN.md decision 5): knows how far each projection has got
 * (each keeps its own checkpoint, decision 11), lets a request wait until the projections it reads have reached its
 * own write (decision 4), and fans the change out to the live push. Every read-api instance has its own.
 */
export class CheckpointWatcher {
  private readonly positions = new Map<string, Position>();
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
    for (const wake of this.waiters) wake();
    if (this.client) {
      await this.client.query(`unlisten ${READ_MODEL_CHANGED_CHANNEL}`).catch(() => undefined);
      this.client.release();
    }
  }

  /** Each projection's checkpoint as committed: the served tables' (a rebuild's own progress does not count). */
  private async refresh(): Promise<void> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('projection_status')
      .select(['name', 'version', 'commit_position', 'prepare_position'])
      .execute()
      .catch(() => []);
    for (const row of rows) {
      // A projection with no tables yet (version 0) has served nothing.
      this.advance(row.name, row.version === 0 ? START_POSITION : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) });
    }
  }

  private advance(name: string, position: Position): void {
    const known = this.positions.get(name);
    if (!known || comparePositions(position, known) > 0) this.positions.set(name, position);
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
