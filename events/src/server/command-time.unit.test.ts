import { describe, expect, it } from 'vitest';
import { atSimulatedTime, commandTime, simulatedTime } from './command-time';

describe('commandTime', () => {
  it('is the machine clock outside a simulated time', () => {
    const before = Date.now();
    const now = commandTime().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
    expect(simulatedTime()).toBeUndefined();
  });

  it('answers the simulated instant through awaits while atSimulatedTime runs, and the clock again after', async () => {
    const at = new Date('2026-08-03T08:02:00.000Z');
    const seen = await atSimulatedTime(at, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return [commandTime().toISOString(), simulatedTime()?.toISOString()];
    });
    expect(seen).toEqual([at.toISOString(), at.toISOString()]);
    expect(simulatedTime()).toBeUndefined();
  });

  it('refuses a second simulated command while one is under way, and ends the first even when it fails', async () => {
    const at = new Date('2026-08-03T08:02:00.000Z');
    let release = () => undefined as void;
    const first = atSimulatedTime(at, () => new Promise<void>((resolve) => (release = resolve)));
    await expect(atSimulatedTime(at, async () => 'second')).rejects.toThrow('one at a time');
    release();
    await first;
    await expect(atSimulatedTime(at, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(simulatedTime()).toBeUndefined();
  });
});
