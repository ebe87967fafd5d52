import { describe, expect, it } from 'vitest';
import { addHistograms, LatencyRecorder, latencyPercentile } from './ops';

describe('request latency over the last 15 minutes', () => {
  it('gives the p50 and p95 bucket bounds of what was recorded', () => {
    const recorder = new LatencyRecorder(() => Date.parse('2026-11-23T10:00:00Z'));
    for (let i = 0; i < 90; i += 1) recorder.record(4); // ≤ 5 ms
    for (let i = 0; i < 10; i += 1) recorder.record(180); // ≤ 250 ms
    const histogram = recorder.snapshot();
    expect(latencyPercentile(histogram, 0.5)).toBe(5);
    expect(latencyPercentile(histogram, 0.95)).toBe(250);
  });

  it('forgets requests older than 15 minutes, and adds the instances of one service together', () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const first = new LatencyRecorder(() => now);
    first.record(900);
    now += 16 * 60_000;
    first.record(2);
    expect(first.snapshot().counts.reduce((a, b) => a + b, 0)).toBe(1);
    const second = new LatencyRecorder(() => now);
    second.record(40);
    second.record(40);
    second.record(40);
    const both = addHistograms([first.snapshot(), second.snapshot()]);
    expect(latencyPercentile(both, 0.5)).toBe(50);
    expect(latencyPercentile({ counts: both.counts.map(() => 0) }, 0.5)).toBeNull();
  });
});
