import type pg from 'pg';
import { EVENTS_NOTIFY_CHANNEL } from './event-store-schema';

/** Where a failed announcement is reported. A pino logger fits. */
export interface AnnounceLog {
  warn(details: { err: unknown }, message: string): void;
}

/**
 * At most one NOTIFY per interval while appends flow. The first append after a quiet spell is
 * announced at once; later ones share the next NOTIFY, so bursts cost a few notifications, not
 * one per append.
 */
export const ANNOUNCE_INTERVAL_MS = 2;

/**
 * One statement, so it is its own short transaction on any pooled connection. The NOTIFY's
 * transaction writes no rows, so it need not wait for its commit record to reach disk:
 * synchronous_commit off (for this transaction only) spares it an fsync.
 */
const NOTIFY_SQL = `select set_config('synchronous_commit', 'off', true), pg_notify('${EVENTS_NOTIFY_CHANNEL}', '')`;

/**
 * Tells subscribers that events were appended, outside every append's transaction.
 *
 * A NOTIFY takes a database-wide lock from its commit until the commit is flushed, so one per
 * append (inside the append or just after it) made concurrent appends queue behind each other.
 * Here appends only mark the log "dirty"; one NOTIFY covers every append committed before it was
 * sent. An append's success never depends on it: a failed NOTIFY is logged, and subscribers still
 * poll (polling-subscription.ts), so a lost one delays delivery by at most a poll interval.
 */
export class AppendAnnouncer {
  private dirty = false;
  private sending: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: AnnounceLog,
    private readonly intervalMs = ANNOUNCE_INTERVAL_MS,
  ) {}

  /** Called after an append commits. Returns at once and never throws. */
  announce(): void {
    if (this.closed) return;
    this.dirty = true;
    this.schedule();
  }

  /** Sends what is still owed, then stops. The pool stays open (its owner ends it). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.sending;
    if (this.dirty) this.send();
    await this.sending;
  }

  private schedule(): void {
    // A NOTIFY in flight re-schedules when it ends; a timer already covers this append.
    if (this.sending || this.timer) return;
    const wait = this.lastSentAt + this.intervalMs - performance.now();
    if (wait <= 0) {
      this.send();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.send();
    }, wait);
  }

  private send(): void {
    // Cleared before sending: an append that commits from now on needs the next NOTIFY.
    this.dirty = false;
    this.lastSentAt = performance.now();
    if (this.pool.ending) return;
    this.sending = this.pool
      .query(NOTIFY_SQL)
      .then(
        () => undefined,
        (error: unknown) => {
          this.log.warn(
            { err: error },
            'could not announce appended events; subscribers will find them on their next poll',
          );
        },
      )
      .finally(() => {
        this.sending = undefined;
        if (this.dirty && !this.closed) this.schedule();
      });
  }
}
