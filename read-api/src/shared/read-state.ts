import type { AuthState } from '@care/events/server';

/** Koa state of a read request: request id, logger and (on every /api path) the session. */
export type ReadState = AuthState;
