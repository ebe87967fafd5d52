import type pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '@care/events';
import type { CommandDeps } from '@care/command-api';
import { startVisitTimelinessPolicy } from './visit-timeliness-policy';

afterEach(() => {
  vi.useRealTimers();
});

/** Deps whose database fails every query, and a logger that records what it was told. */
function failingDeps() {
  const connect = vi.fn(() => Promise.reject(new Error('connection refused')));
  const logger = pino({ level: 'silent' });
  const error = vi.spyOn(logger, 'error');
  const deps: CommandDeps = { store: {} as EventStore, pool: { connect } as unknown as pg.Pool, logger };
  return { deps, connect, error };
}

describe('the visit timeliness policy loop', () => {
  it('logs a failed run and keeps running on its interval until stopped', async () => {
    vi.useFakeTimers();
    const { deps, connect, error } = failingDeps();
    const stop = startVisitTimelinessPolicy(deps, { lateGraceMinutes: 15, intervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'visit timeliness policy run failed',
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connect).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(connect).toHaveBeenCalledTimes(2);
  });
});
