import type { RequestState } from '@care/events/server';

/** Koa state of a command request: request id, logger, and the acting user set by `authenticate`. */
export interface CommandState extends RequestState {
  userId: string;
}
