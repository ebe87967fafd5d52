import type pg from 'pg';
import type { AnnounceLog } from './append-announcer';
import { sealPending } from './log-chain';

/**
 * Chains a store's appends soon after they commit, off the append's path (log-chain.ts says why).
 * Appends only mark the log "unsealed"; one pass covers every append committed before it, so a burst
 * costs a few passes, not one per append. When another process holds the sealing lock, or an older
 * transaction still hides newer events, it tries again a little later until nothing is left.
 */
export const SEAL_DELAY_MS = 100;
const RETRY_MS = 200;

export class LogSealer {
  private dirty = false;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: AnnounceLog,
    private readonly delayMs = SEAL_DELAY_MS,
  ) {}

  /** Called after an append commits. Returns at once and never throws. */
  poke(): void {
    if (this.closed) return;
    this.dirty = true;
    this.schedule(this.delayMs);
  }

  /** Waits for a pass in flight and stops. What is left is sealed by the next sealer to run. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.running || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.run();
    }, delayMs);
    // A pending seal never keeps a process alive: the next sealer (or verify-log) catches up.
    this.timer.unref();
  }

  private run(): void {
    if (this.pool.ending) return;
    this.dirty = false;
    let retry = false;
    this.running = sealPending(this.pool)
      .then(
        (result) => {
          retry = !result.locked || result.pending;
        },
        (error: unknown) => {
          retry = true;
          this.log.warn({ err: error }, 'could not seal appended events into the hash chain; will retry');
        },
      )
      .finally(() => {
        this.running = undefined;
        if (this.closed) return;
        if (this.dirty) this.schedule(this.delayMs);
        else if (retry) this.schedule(RETRY_MS);
      });
  }
}
