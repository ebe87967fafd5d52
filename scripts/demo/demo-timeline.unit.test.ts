import { describe, expect, it } from 'vitest';
import { chain, plannedSteps, Timeline, type TimelineStep } from './demo-timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 31, 8, minute));

describe('the demo timeline', () => {
  it('runs steps earliest first, steps at the same instant in the order they were added', async () => {
    const ran: string[] = [];
    const step = (name: string, minute: number): TimelineStep => ({
      at: at(minute),
      run: async (when) => {
        ran.push(`${name}@${when.getUTCMinutes()}`);
      },
    });
    const timeline = new Timeline();
    timeline.add([step('c', 30), step('a', 5), step('b1', 10), step('b2', 10), step('d', 45)]);
    await timeline.run();
    expect(ran).toEqual(['a@5', 'b1@10', 'b2@10', 'c@30', 'd@45']);
  });

  it('runs a record’s chain in order, each step after the one before, handing on its reply', async () => {
    const ran: string[] = [];
    const timeline = new Timeline();
    timeline.add(
      chain<string>([
        { at: at(10), run: async () => 'visit-1' },
        // Earlier than its predecessor (a time clamped to the present, say): it waits for it.
        { at: at(5), run: async (when, previous) => (ran.push(`check-in ${previous}@${when.getUTCMinutes()}`), 'in') },
        {
          at: at(50),
          run: async (when, previous) => (ran.push(`check-out after ${previous}@${when.getUTCMinutes()}`), ''),
        },
      ]),
    );
    timeline.add([{ at: at(20), run: async () => void ran.push('other@20') }]);
    await timeline.run();
    expect(ran).toEqual(['check-in visit-1@10', 'other@20', 'check-out after in@50']);
  });

  it('never goes back in time: a step added for an instant already passed runs at the current one', async () => {
    const seen: number[] = [];
    const timeline = new Timeline();
    timeline.add([
      {
        at: at(40),
        run: async (when) => {
          seen.push(when.getUTCMinutes());
          return [{ at: at(1), run: async (later) => void seen.push(later.getUTCMinutes()) }];
        },
      },
    ]);
    await timeline.run();
    expect(seen).toEqual([40, 40]);
  });

  it('counts a chain as all its steps, though only its first waits in the queue at the start', () => {
    const steps = chain([
      { at: at(1), run: async () => undefined },
      { at: at(2), run: async () => undefined },
      { at: at(3), run: async () => undefined },
    ]);
    expect(steps).toHaveLength(1);
    expect(plannedSteps(steps)).toBe(3);
  });

  it('stops at the first step that fails, running nothing after it', async () => {
    const ran: number[] = [];
    const timeline = new Timeline();
    timeline.add([
      { at: at(1), run: async () => void ran.push(1) },
      { at: at(2), run: () => Promise.reject(new Error('refused')) },
      { at: at(3), run: async () => void ran.push(3) },
    ]);
    await expect(timeline.run()).rejects.toThrow('refused');
    expect(ran).toEqual([1]);
  });
});
