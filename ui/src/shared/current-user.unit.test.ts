import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authUserQueryOptions } from './current-user';

const user = { id: 'u1', email: 'sam@example.org', firstName: 'Sam', lastName: 'Okafor', role: 'admin' };

/** The session check against a server that answers each call with the next of `statuses` (200 with the user). */
function serverAnswering(statuses: number[]): { calls: () => number } {
  let calls = 0;
  vi.stubGlobal('fetch', async () => {
    const status = statuses[Math.min(calls, statuses.length - 1)]!;
    calls += 1;
    const body =
      status === 200
        ? user
        : {
            error:
              status === 401 ? 'Unauthorized' : 'The lists are still being prepared. Please try again in a moment.',
          };
    return new Response(JSON.stringify(body), { status });
  });
  return { calls: () => calls };
}

const check = () => new QueryClient().fetchQuery({ ...authUserQueryOptions, retryDelay: 0 });

afterEach(() => vi.unstubAllGlobals());

describe('the session check (GET /api/auth/user)', () => {
  it('tries again while the service answers 503, and shows the user once it answers', async () => {
    const server = serverAnswering([503, 503, 200]);
    await expect(check()).resolves.toMatchObject({ email: 'sam@example.org' });
    expect(server.calls()).toBe(3);
  });

  it('gives up after five more tries, so the screen can offer "Try again"', async () => {
    const server = serverAnswering([503]);
    await expect(check()).rejects.toMatchObject({ status: 503 });
    expect(server.calls()).toBe(6);
  });

  it('never tries again on 401: a lost session goes to sign-in at once', async () => {
    const server = serverAnswering([401]);
    await expect(check()).rejects.toMatchObject({ status: 401 });
    expect(server.calls()).toBe(1);
  });
});
