import { existsSync } from 'node:fs';

/**
 * The tests run at a set London hour (decision 0039). Many check what a person sees "today": a visit an hour ahead, a
 * dose due this morning, a check-in two hours late. Run at 23:30 or 00:30, "an hour ahead" or "two hours ago" is
 * another day, and a correct product fails them. So `npm test` starts each phase under libfaketime, every process
 * (services, PostgreSQL, the tests) ahead of the machine's clock by the same number of seconds, landing on the next
 * 11:00 in London (or CARE_TEST_LONDON_TIME, "HH:MM", to try another hour). CARE_TEST_CLOCK=real keeps the machine's
 * clock.
 */

/** Where Debian's `faketime` package puts the library, by architecture. */
const LIBRARY_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

const LONDON_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Seconds past midnight on London's wall clock at `instant`. */
function londonSecondOfDay(instant: Date): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? '0');
  return part('hour') * 3600 + part('minute') * 60 + part('second');
}

/**
 * Seconds from `instant` to the next time London's clock shows `londonTime` ("HH:MM"), 0 to just under a day. Always
 * forward: a browser's cookies expire on the machine's own clock, and a session stamped by a clock behind it could
 * arrive already expired. (Across a change to or from summer time the landing is an hour off, which still leaves the
 * day room on both sides.)
 */
export function secondsUntilLondonTime(instant: Date, londonTime: string): number {
  const match = LONDON_TIME.exec(londonTime);
  if (!match) throw new Error(`CARE_TEST_LONDON_TIME must be HH:MM on a 24-hour clock, not "${londonTime}"`);
  const target = Number(match[1]) * 3600 + Number(match[2]) * 60;
  return (target - londonSecondOfDay(instant) + 86_400) % 86_400;
}

export type TestClock =
  | { readonly kind: 'shifted'; readonly env: Readonly<Record<string, string>>; readonly says: string }
  | { readonly kind: 'real'; readonly says: string };

/** The environment that runs a phase at the set London hour, or why the machine's own clock is kept. */
export function testClock(env: NodeJS.ProcessEnv = process.env, now = new Date()): TestClock {
  if (env.CARE_TEST_CLOCK === 'real') return { kind: 'real', says: 'on the machine clock (CARE_TEST_CLOCK=real)' };
  const library = LIBRARY_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!library)
    return {
      kind: 'real',
      says:
        'on the machine clock: libfaketime is not installed (apt-get install faketime), so tests that need an hour ' +
        'either side of "now" within one day can fail near midnight',
    };
  const londonTime = env.CARE_TEST_LONDON_TIME ?? '11:00';
  const seconds = secondsUntilLondonTime(now, londonTime);
  return {
    kind: 'shifted',
    env: {
      LD_PRELOAD: library,
      FAKETIME: `+${seconds}`,
      // Timers and timeouts keep the real pace; only the wall clock moves.
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
      // Files keep their real times (the UI build's freshness check compares them).
      NO_FAKE_STAT: '1',
      CARE_TEST_CLOCK: 'shifted',
    },
    says: `at ${londonTime} London time (the clock shifted ${(seconds / 3600).toFixed(2)} h ahead by libfaketime)`,
  };
}
