import { describe, expect, it } from 'vitest';
import { formatDuration, progressBar, seedProgress, timedStep } from './start-progress';

/** A clock the test moves by hand, and everything written. */
function harness(isTTY: boolean) {
  let now = 1_000_000;
  const written: string[] = [];
  const progress = seedProgress({ isTTY, write: (text) => written.push(text) }, () => now);
  return {
    progress,
    written,
    advance: (ms: number) => {
      now += ms;
    },
    clock: () => now,
  };
}

describe('start-up progress', () => {
  it('gives times as people read them', () => {
    expect(formatDuration(2_140)).toBe('2.1 s');
    expect(formatDuration(41_300)).toBe('41 s');
    expect(formatDuration(200_000)).toBe('3 min 20 s');
    expect(formatDuration(120_000)).toBe('2 min');
  });

  it('fills the bar in proportion, never past its end', () => {
    expect(progressBar(0, 10, 10)).toBe('[----------]');
    expect(progressBar(5, 10, 10)).toBe('[#####-----]');
    expect(progressBar(10, 10, 10)).toBe('[##########]');
    expect(progressBar(12, 10, 10)).toBe('[##########]');
  });

  it('prints a line as a step begins and one with its time as it ends', async () => {
    let now = 0;
    const lines: string[] = [];
    const result = await timedStep(
      (line) => lines.push(line),
      'Starting PostgreSQL',
      async () => {
        now += 2_100;
        return 'up';
      },
      () => now,
    );
    expect(result).toBe('up');
    expect(lines).toEqual(['Starting PostgreSQL…', 'Starting PostgreSQL… done in 2.1 s']);
  });

  it('counts items that join a part while it runs in its total, so the count never passes it', () => {
    const { progress, written, advance } = harness(false);
    progress.part('the quarter', 2);
    progress.item();
    progress.more(2);
    for (let item = 0; item < 3; item += 1) progress.item();
    advance(1_500);
    progress.endPart();
    expect(written.at(-1)).toBe('  the quarter 4/4 in 1.5 s\n');
  });

  it('on a terminal rewrites one line with the bar, the count, commands per second and the time left', () => {
    const { progress, written, advance } = harness(true);
    progress.part('visits', 80);
    for (let item = 0; item < 20; item += 1) {
      advance(50);
      progress.command();
      progress.command();
      progress.item();
    }
    // 20 of 80 items in one second, 40 commands: three more seconds to go.
    expect(written.at(-1)).toBe('\r[#####---------------] visits 20/80, 40 commands/s, about 3.0 s left\x1b[K');
    // Redrawn at most every tenth of a second: 10 times in that second, plus once as the part began.
    expect(written).toHaveLength(11);
    progress.endPart();
    expect(written.at(-1)).toBe('\r[#####---------------] visits 20/80 in 1.0 s\x1b[K\n');
    expect(written.every((text) => text.startsWith('\r'))).toBe(true);
  });

  it('elsewhere prints plain lines: one when a part ends, one every ten seconds within it, never a flood', () => {
    const { progress, written, advance } = harness(false);
    progress.part('carers', 30);
    for (let item = 0; item < 30; item += 1) {
      advance(10);
      progress.command();
      progress.item();
    }
    progress.endPart();
    expect(written).toEqual(['  carers 30/30 in 0.3 s\n']);
    progress.part('visits', 4000);
    // 4000 items over 40 seconds: a line at 10, 20 and 30 seconds, then the end.
    for (let item = 0; item < 4000; item += 1) {
      advance(10);
      progress.command();
      progress.item();
    }
    progress.endPart();
    expect(written.slice(1)).toEqual([
      '  visits 1000/4000, 100 commands/s, about 30 s left\n',
      '  visits 2000/4000, 100 commands/s, about 20 s left\n',
      '  visits 3000/4000, 100 commands/s, about 10 s left\n',
      '  visits 4000/4000, 100 commands/s\n',
      '  visits 4000/4000 in 40 s\n',
    ]);
    expect(written.join('')).not.toContain('\r');
    expect(written.join('')).not.toContain('\x1b');
  });
});
