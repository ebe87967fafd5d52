import Router from '@koa/router';
import { z } from 'zod';
import { blankAsAbsent, can, queryOneOf, searchText, TRAINING_STATUSES, TRAINING_TABS } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { TrainingQueries, type TrainingListFilter } from './training-queries';
import { parseQuery } from '../shared/query-parsing';

const filterFields = {
  search: searchText().optional(),
  carerId: z.preprocess(blankAsAbsent, z.uuid({ error: 'Carer ID must be a UUID' }).optional()),
  expiring: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: 'Expiring must be a whole number of days from 1 to 365' })
      .int('Expiring must be a whole number of days from 1 to 365')
      .min(1, 'Expiring must be a whole number of days from 1 to 365')
      .max(365, 'Expiring must be a whole number of days from 1 to 365')
      .optional(),
  ),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(TRAINING_STATUSES, { error: 'Status must be current, expiring_soon, expired or pending' }).optional(),
  ),
  tab: queryOneOf(TRAINING_TABS, 'Tab'),
};
export const listQuery = z.object({ ...filterFields, ...pagingFields() });
/** One row per carer: paged like every list that grows with the agency. */
export const complianceQuery = z.object(pagingFields());
export const countsQuery = z.object(filterFields);
const trainingId = z.uuid();

/**
 * GET /api/training (list, ?search=&carerId=&expiring=30&status=&tab=&limit=&offset=, X-Total-Count), /tab-counts
 * (the same filters: how many records each of the screen's tabs holds), /compliance (?limit=&offset=, X-Total-Count)
 * and /:id.
 */
export function trainingRoutes(deps: ReadDeps): Router<ReadState> {
  const queries = new TrainingQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/training' });
  router.use(requirePermission('training.read', 'training.readOwn'));
  /** A carer without training.read sees only the records of the carer linked to their own account. */
  const ownOnly = (state: ReadState) => (can(state.session.role, 'training.read') ? undefined : state.session.userId);

  const filterOf = (query: z.output<typeof countsQuery>, state: ReadState): TrainingListFilter => ({
    search: query.search || undefined,
    carerId: query.carerId,
    expiringWithinDays: query.expiring,
    status: query.status,
    tab: query.tab,
    ownUserId: ownOnly(state),
  });

  router.get('/', async (ctx) => {
    const { limit, offset, ...query } = parseQuery(listQuery, ctx);
    sendPage(ctx, await queries.list(filterOf(query, ctx.state), { limit, offset }));
  });

  router.get('/tab-counts', async (ctx) => {
    ctx.body = await queries.tabCounts(filterOf(parseQuery(countsQuery, ctx), ctx.state));
  });

  router.get('/compliance', async (ctx) => {
    const { limit, offset } = parseQuery(complianceQuery, ctx);
    sendPage(ctx, await queries.compliance(ownOnly(ctx.state), { limit, offset }));
  });

  router.get('/:id', async (ctx) => {
    const id = trainingId.safeParse(ctx.params.id);
    const record = id.success ? await queries.byId(id.data, ownOnly(ctx.state)) : undefined;
    if (!record) throw new HttpError(404, 'Training record not found');
    ctx.set('ETag', `"${record.revision}"`);
    ctx.body = record;
  });

  return router;
}
