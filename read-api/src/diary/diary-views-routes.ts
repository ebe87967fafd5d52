import Router from '@koa/router';
import { z } from 'zod';
import { londonToday } from '@care/events';
import { requirePermission } from '@care/events/server';
import { optionalDate } from '../appointments/query-fields';
import { readScopeOf } from '../shared/carer-work';
import type { ReadDeps } from '../shared/read-deps';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadState } from '../shared/read-state';
import { viewerOf } from './diary-routes';
import { DiaryMapQueries } from './diary-map-queries';
import { DiaryViewQueries, type RosterBy } from './diary-views-queries';
import { parseQuery } from '../shared/query-parsing';

export const weeklyQuery = z.object({ date: optionalDate('Date') });
export const rosterQuery = z.object(pagingFields());
export const monitoringQuery = z.object(pagingFields());
export const mapQuery = z.object({ date: optionalDate('Date') });

/**
 * The diary's own views (the diary navigation bar's tabs): GET /api/diary/weekly (?date=, the week holding it, Monday
 * first), /carer-roster and /client-roster (groups, ?limit=&offset=, X-Total-Count) and /monitoring (entries
 * linked to visits beside the visit, paged), /map (?date=, that day's visits at their check-in location with their
 * entries) and /live-map (the visits in progress). Each reads only what GET /api/diary lets the reader read. Mounted
 * before diaryRoutes, whose /:id would otherwise take these names for an entry ID.
 */
export function diaryViewRoutes({ db, work }: ReadDeps): Router<ReadState> {
  const queries = new DiaryViewQueries(db);
  const maps = new DiaryMapQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/diary' });
  // Runs only for this router's own routes (the router dispatches nothing else), so GET /api/diary/:id is untouched.
  router.use(requirePermission('diary.read'));

  router.get('/weekly', async (ctx) => {
    const { date } = parseQuery(weeklyQuery, ctx);
    ctx.body = await queries.week(viewerOf(ctx, work), date ?? londonToday());
  });

  const roster = (by: RosterBy) => async (ctx: Parameters<Parameters<typeof router.get>[1]>[0]) => {
    const { limit, offset } = parseQuery(rosterQuery, ctx);
    sendPage(ctx, await queries.roster(viewerOf(ctx, work), by, { limit, offset }));
  };
  router.get('/carer-roster', roster('carer'));
  router.get('/client-roster', roster('client'));

  router.get('/monitoring', async (ctx) => {
    const { limit, offset } = parseQuery(monitoringQuery, ctx);
    sendPage(ctx, await queries.monitoring(viewerOf(ctx, work), readScopeOf(ctx.state.session), { limit, offset }));
  });

  router.get('/map', async (ctx) => {
    const { date } = parseQuery(mapQuery, ctx);
    ctx.body = await maps.visits(viewerOf(ctx, work), readScopeOf(ctx.state.session), {
      kind: 'day',
      date: date ?? londonToday(),
    });
  });

  router.get('/live-map', async (ctx) => {
    ctx.body = await maps.visits(viewerOf(ctx, work), readScopeOf(ctx.state.session), { kind: 'live' });
  });

  return router;
}
