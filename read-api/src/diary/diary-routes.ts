import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { can, diaryEntryStreamId, searchText } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { readScopeOf, type CarerWork } from '../shared/carer-work';
import { checkedRange, optionalDate, optionalFlag, optionalId } from '../appointments/query-fields';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { DiaryQueries, type DiaryViewer } from './diary-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z
  .object({
    search: searchText().optional(),
    clientId: optionalId('Client ID must be a UUID'),
    carerId: optionalId('Carer ID must be a UUID'),
    /** Only the welfare concerns (the dashboard tile): unreviewed incidents and observations of high or urgent priority. */
    welfare: optionalFlag('Welfare'),
    /** Entries dated in these London days, both included (Manage Care Operations' period): both or neither. */
    from: optionalDate('From date'),
    to: optionalDate('To date'),
    ...pagingFields(),
  })
  .transform(({ from, to, ...rest }, ctx) => {
    if (from === undefined && to === undefined) return { ...rest, period: undefined };
    const period = checkedRange(from, to, ctx);
    return period ? { ...rest, period } : z.NEVER;
  });
const entryId = z.uuid();
const NOT_FOUND = 'Diary entry not found';

export function viewerOf(ctx: ParameterizedContext<ReadState>, work: CarerWork): DiaryViewer {
  const { userId, role } = ctx.state.session;
  const scope = readScopeOf(ctx.state.session);
  // None for a reader of every client: the list may then count from the projection's per-author totals.
  const visible = scope.kind === 'all' ? undefined : work.authoredOrAbout(scope, 'e.author_user_id', 'e.client_id');
  return { userId, seesConfidential: can(role, 'diary.readConfidential'), visible };
}

/**
 * GET /api/diary (?search=&clientId=&carerId=&welfare=&from=&to=&limit=&offset=, X-Total-Count), GET /api/diary/:id and GET /api/diary/:id/history.
 * Every one hides confidential entries from users who may not read them, unless they wrote them, and shows a carer
 * only their own entries and those about the clients on their visits around today (shared/carer-work.ts).
 */
export function diaryRoutes({ db, work, views }: ReadDeps): Router<ReadState> {
  const queries = new DiaryQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/diary' });
  router.use(requirePermission('diary.read'));

  router.get('/', async (ctx) => {
    const { search, clientId, carerId, welfare, period, limit, offset } = parseQuery(listQuery, ctx);
    sendPage(
      ctx,
      await queries.list(
        viewerOf(ctx, work),
        { search: search || undefined, clientId, carerId, welfare, period },
        { limit, offset },
      ),
    );
  });

  router.get('/:id', async (ctx) => {
    const id = entryId.safeParse(ctx.params.id);
    const entry = id.success ? await queries.byId(viewerOf(ctx, work), id.data) : undefined;
    if (!entry) throw new HttpError(404, NOT_FOUND);
    // Who opened a confidential entry is recorded before it is shown: the audit trail says who looked, not only
    // who changed.
    if (entry.isConfidential) {
      await views.viewed(ctx.state.session.userId, ctx.state.requestId, {
        view: 'confidential-diary-entry',
        streamId: diaryEntryStreamId(entry.id),
        clientId: entry.clientId ?? null,
        asOf: undefined,
      });
    }
    ctx.set('ETag', `"${entry.revision}"`);
    ctx.body = entry;
  });

  router.get('/:id/history', async (ctx) => {
    const id = entryId.safeParse(ctx.params.id);
    const history = id.success ? await queries.history(viewerOf(ctx, work), id.data) : undefined;
    if (!history) throw new HttpError(404, NOT_FOUND);
    ctx.body = history;
  });

  return router;
}
