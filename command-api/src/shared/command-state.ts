import type { AuthState } from '@care/events/server';

/** Koa state of a command request: request id, logger, and (on every non-public path) the session. */
export type CommandState = AuthState;
