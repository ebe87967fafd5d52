import type Koa from 'koa';
import { AppendTooLargeError, WrongExpectedRevisionError } from '@care/events';
import { HttpError } from '@care/events/server';
import { DomainError } from './domain-error';

const STATUS = { not_found: 404, conflict: 409, invalid: 400, forbidden: 403 } as const;

/** Maps domain refusals and revision conflicts to HTTP errors (the shared handler answers them). */
export function commandErrors(): Koa.Middleware {
  return async (_ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof DomainError) {
        throw new HttpError(
          STATUS[error.kind],
          error.message,
          error.field ? { [error.field]: error.message } : undefined,
        );
      }
      if (error instanceof WrongExpectedRevisionError) {
        throw new HttpError(409, 'This record was changed by someone else. Reload it and try again.');
      }
      // The event store takes at most MAX_APPEND_BYTES in one write (EventStoreDB's limit, kept by both stores).
      if (error instanceof AppendTooLargeError) {
        throw new HttpError(
          413,
          'This change is too large to record in one go. Shorten the longest text or attachment, or split it into smaller changes.',
        );
      }
      throw error;
    }
  };
}
