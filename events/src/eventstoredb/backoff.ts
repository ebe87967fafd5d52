/** The first wait before resubscribing; each failed attempt doubles it, up to RESUBSCRIBE_MAX_MS. */
export const RESUBSCRIBE_FIRST_MS = 250;
export const RESUBSCRIBE_MAX_MS = 30_000;

/**
 * How long to wait before attempt `attempt` (0 for the first retry): a ceiling that doubles from
 * RESUBSCRIBE_FIRST_MS to RESUBSCRIBE_MAX_MS, of which half is fixed and half random, so the wait still grows
 * while services that lost the server together do not all come back in the same instant.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RESUBSCRIBE_MAX_MS, RESUBSCRIBE_FIRST_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A subscription's losses of the server, so that each outage is told once when it begins and once when it ends,
 * however many attempts it takes in between.
 */
export class Outage {
  private attempts = 0;
  private since: number | undefined;

  constructor(
    private readonly random: () => number = Math.random,
    private readonly now: () => number = Date.now,
  ) {}

  /** The subscription dropped: how long to wait before the next attempt, and whether this drop began an outage. */
  dropped(): { delayMs: number; began: boolean } {
    const began = this.since === undefined;
    if (began) this.since = this.now();
    const delayMs = backoffDelay(this.attempts, this.random);
    this.attempts += 1;
    return { delayMs, began };
  }

  /** The subscriber failed a batch (the server is fine): how long to wait before handing it over again. */
  retried(): number {
    const delayMs = backoffDelay(this.attempts, this.random);
    this.attempts += 1;
    return delayMs;
  }

  /** The server answers again: how long it was lost and after how many attempts, or undefined when it was not. */
  recovered(): { lostForMs: number; attempts: number } | undefined {
    if (this.since === undefined) return undefined;
    const ended = { lostForMs: this.now() - this.since, attempts: this.attempts };
    this.since = undefined;
    return ended;
  }

  /** A batch was handed over: the next drop starts again from the shortest wait. */
  delivered(): void {
    this.attempts = 0;
  }
}
