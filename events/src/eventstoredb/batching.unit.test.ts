import { describe, expect, it } from 'vitest';
import type { Position } from '../store/position';
import { planDelivery, takeBatch } from './batching';

const waiting = (items: number[]) => () => items.shift() ?? null;

describe('takeBatch', () => {
  it('takes the events already received, up to the batch size, leaving the rest for the next batch', () => {
    const received = [2, 3, 4, 5, 6];
    expect(takeBatch(1, waiting(received), 3)).toEqual([1, 2, 3]);
    expect(takeBatch(received.shift()!, waiting(received), 3)).toEqual([4, 5, 6]);
    expect(received).toEqual([]);
  });

  it('hands a lone event over at once rather than waiting for company', () => {
    let asked = 0;
    expect(
      takeBatch(
        7,
        () => {
          asked += 1;
          return null;
        },
        100,
      ),
    ).toEqual([7]);
    expect(asked).toBe(1);
  });

  it('takes one at a time when the batch size is 1', () => {
    const received = [2];
    expect(takeBatch(1, waiting(received), 1)).toEqual([1]);
    expect(received).toEqual([2]);
  });
});

const at = (commit: number, name = `e${commit}`) => ({
  name,
  position: { commit: BigInt(commit), prepare: BigInt(commit) },
});
const names = (events: { name: string }[]) => events.map((e) => e.name);
const p = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

describe('planDelivery', () => {
  it('skips events at or before the position (a resubscription starts with the last one handed over)', () => {
    const plan = planDelivery([at(10), at(20), at(30)], p(10), () => true);
    expect(names(plan.deliver)).toEqual(['e20', 'e30']);
    expect(plan.after).toEqual(p(30));
  });

  it('from the start skips nothing, not even an event at position 0', () => {
    const plan = planDelivery([at(0), at(5)], 'start', () => true);
    expect(names(plan.deliver)).toEqual(['e0', 'e5']);
    expect(plan.after).toEqual(p(5));
  });

  it("moves past the database's own events without handing them over", () => {
    const plan = planDelivery(
      [at(10, 'mine'), at(20, '$stats'), at(30, '$epoch')],
      p(0),
      (e) => !e.name.startsWith('$'),
    );
    expect(names(plan.deliver)).toEqual(['mine']);
    expect(plan.after).toEqual(p(30));
  });

  it('holds back everything until the log passes a position beyond its end', () => {
    expect(planDelivery([at(40), at(50)], p(1000), () => true)).toEqual({ deliver: [], after: p(1000) });
    expect(names(planDelivery([at(999), at(1001)], p(1000), () => true).deliver)).toEqual(['e1001']);
  });
});
