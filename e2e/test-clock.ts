import type { Browser } from 'playwright-core';

/**
 * `npm test` may run the end-to-end files at a set London hour (scripts/test-clock.ts, decision 0039): the services,
 * PostgreSQL and this test process then run under libfaketime, ahead of the machine's clock by the seconds in
 * FAKETIME ("+36000"). Chromium loads pages very slowly under libfaketime, so it starts on the machine's own clock,
 * and every page gets a Date that runs the same number of seconds ahead. Timers are left alone: only the wall clock
 * moves. (Playwright's own clock is not used for this: it measures its start on this process's shifted clock and
 * then runs on the page's real one, so it would undo the shift.)
 */
const offsetSeconds = process.env.CARE_TEST_CLOCK === 'shifted' ? Number(process.env.FAKETIME ?? '0') : 0;

/** The environment Chromium starts with: this process's, without libfaketime. */
export function browserEnvironment(): Record<string, string | undefined> {
  const { LD_PRELOAD: _preload, FAKETIME: _offset, ...rest } = process.env;
  return rest;
}

/**
 * Runs in each page before its own scripts: `new Date()`, `Date()`, and `Date.now()` read a wall clock `offsetMs`
 * ahead. Dates built from a given instant or parts are untouched. (The app never formats "now" without a date.)
 */
function shiftTheWallClock(offsetMs: number): void {
  const RealDate = Date;
  const now = () => RealDate.now() + offsetMs;
  function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
    if (new.target === undefined) return new RealDate(now()).toString();
    return args.length === 0 ? new RealDate(now()) : new RealDate(...(args as [number]));
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = now;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}

/** Gives every new context of `browser` (and so every `newPage`) the shifted wall clock, when the clock is shifted. */
export function shareTheShiftedClock(browser: Browser): void {
  if (offsetSeconds === 0) return;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(shiftTheWallClock, offsetSeconds * 1000);
    return context;
  };
}
