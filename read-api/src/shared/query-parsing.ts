import type { ParsedUrlQuery } from 'node:querystring';
import type { z } from 'zod';
import { unsafeTextMessage } from '@care/events';
import { HttpError, parseOr400 } from '@care/events/server';

/**
 * The one way a read route takes its query string. The route's schema bounds each parameter it reads (dates and
 * instants 1900 to 2099, texts by length and without control characters, numbers in range: the query fields of
 * events/src/fields.ts and shared/paging.ts), and before it every value, whether or not the route reads it, is
 * refused when it holds a control character or is longer than any parameter needs. A refusal is a 400 naming the
 * parameter, `{ error, fields }` like any other refused request, before anything reaches PostgreSQL.
 */

/** Longer than any parameter of any route (a search is at most 200 characters, a record id 300). */
export const MAX_QUERY_VALUE_LENGTH = 1000;

export function parseQuery<T extends z.ZodType>(schema: T, ctx: { readonly query: ParsedUrlQuery }): z.output<T> {
  const fields: Record<string, string> = {};
  for (const [name, raw] of Object.entries(ctx.query)) {
    for (const value of Array.isArray(raw) ? raw : [raw ?? '']) {
      const message =
        value.length > MAX_QUERY_VALUE_LENGTH
          ? `Must be at most ${MAX_QUERY_VALUE_LENGTH} characters`
          : unsafeTextMessage(value);
      if (message) fields[name] ??= message;
    }
  }
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'Validation failed', fields);
  return parseOr400(schema, ctx.query);
}
