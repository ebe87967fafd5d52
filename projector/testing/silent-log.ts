import { createLogger } from '@care/events/server';

/** A logger that writes nothing: tests assert on state, not on log lines. */
export const silentLog = createLogger('test', 'silent');
