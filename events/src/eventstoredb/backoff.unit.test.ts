import { describe, expect, it } from 'vitest';
import { backoffDelay, Outage, RESUBSCRIBE_FIRST_MS, RESUBSCRIBE_MAX_MS } from './backoff';

describe('backoffDelay', () => {
  it('doubles from 250 ms to a 30 s ceiling, half of each wait fixed and half random', () => {
    const lowest = () => 0;
    const highest = () => 1;
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, highest))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, lowest))).toEqual([125, 250, 500, 1000]);
    expect(backoffDelay(7, highest)).toBe(RESUBSCRIBE_MAX_MS);
    expect(backoffDelay(8, highest)).toBe(RESUBSCRIBE_MAX_MS);
    expect(backoffDelay(500, lowest)).toBe(RESUBSCRIBE_MAX_MS / 2);
    expect(backoffDelay(0, () => 0.5)).toBe(Math.round(RESUBSCRIBE_FIRST_MS * 0.75));
  });
});

describe('Outage', () => {
  it('begins once however many attempts fail, ends once, and tells how long it lasted', () => {
    let now = 1_000;
    const outage = new Outage(
      () => 1,
      () => now,
    );
    expect(outage.recovered()).toBeUndefined();
    expect(outage.dropped()).toEqual({ delayMs: 250, began: true });
    now += 250;
    expect(outage.dropped()).toEqual({ delayMs: 500, began: false });
    now += 500;
    expect(outage.dropped()).toEqual({ delayMs: 1000, began: false });
    now += 1000;
    expect(outage.recovered()).toEqual({ lostForMs: 1750, attempts: 3 });
    expect(outage.recovered()).toBeUndefined();
    expect(outage.dropped().began).toBe(true);
  });

  it('starts again from the shortest wait once a batch has been handed over, not merely on reconnecting', () => {
    const outage = new Outage(() => 1);
    outage.dropped();
    outage.dropped();
    outage.recovered();
    expect(outage.dropped().delayMs).toBe(1000);
    outage.delivered();
    expect(outage.dropped().delayMs).toBe(250);
  });

  it("grows the wait for a subscriber's failing batch without beginning an outage", () => {
    const outage = new Outage(() => 1);
    expect([outage.retried(), outage.retried(), outage.retried()]).toEqual([250, 500, 1000]);
    expect(outage.recovered()).toBeUndefined();
    outage.delivered();
    expect(outage.retried()).toBe(250);
  });
});
