import type { ParameterizedContext } from 'koa';
import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { blankAsAbsent } from '@care/events';

/**
 * Paging of every list that grows (docs/decisions/0015-lists-page-on-the-server.md): `?limit=&offset=`, the rows of
 * that page in a stable order, and the number of matching rows in `X-Total-Count`. A call without them answers the
 * first page.
 */

export const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `${label} must be a whole number from ${min} to ${max}` })
      .int(`${label} must be a whole number from ${min} to ${max}`)
      .min(min, `${label} must be a whole number from ${min} to ${max}`)
      .max(max, `${label} must be a whole number from ${min} to ${max}`)
      .default(fallback),
  );

/** What a screen shows at once; a screen asks for the next page with `offset`. */
export const DEFAULT_PAGE_SIZE = 50;
/** The most rows one reply holds (a select that offers every carer asks page by page). */
export const MAX_PAGE_SIZE = 500;
const MAX_OFFSET = 1_000_000;

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** `limit` (1 to `maxLimit`, default `defaultLimit`) and `offset` (from 0), to spread into a list's query schema. */
export function pagingFields({ defaultLimit = DEFAULT_PAGE_SIZE, maxLimit = MAX_PAGE_SIZE } = {}) {
  return { limit: wholeNumber('Limit', 1, maxLimit, defaultLimit), offset: wholeNumber('Offset', 0, MAX_OFFSET, 0) };
}

/** The header that carries the total: same origin here, so no CORS exposure is needed. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Answers one page: the rows as the JSON array (the body keeps its documented shape) and the total in the header. */
export function sendPage(ctx: ParameterizedContext, { rows, total }: { rows: unknown; total: number }): void {
  ctx.set(TOTAL_COUNT_HEADER, String(total));
  ctx.body = rows;
}

/** The rows of `page` from an ordered query. */
export function pageOf<DB, TB extends keyof DB, O>(ordered: SelectQueryBuilder<DB, TB, O>, page: Page): Promise<O[]> {
  return ordered.limit(page.limit).offset(page.offset).execute();
}

/** How many rows a filtered query matches (its select list and order replaced by one count). */
export async function countOf<DB, TB extends keyof DB, O>(filtered: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row: { total: string } = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)`.as('total'))
    .$castTo<{ total: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
