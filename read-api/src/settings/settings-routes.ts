import Router from '@koa/router';
import { z } from 'zod';
import { requirePermission } from '@care/events/server';
import type { AgencyContacts } from '../shared/agency-contacts';
import { pagingFields, sendPage } from '../shared/paging';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { SettingsQueries } from './settings-queries';
import { parseQuery } from '../shared/query-parsing';

export const historyQuery = z.object({ ...pagingFields() });

/**
 * GET /api/settings and /api/settings/history (administrators: the Settings tab), and GET /api/settings/agency
 * (any signed-in user: the agency's details on documents and the emergency screen).
 */
export function settingsRoutes(deps: ReadDeps, defaults: AgencyContacts): Router<ReadState> {
  const queries = new SettingsQueries(deps.db);
  const router = new Router<ReadState>({ prefix: '/api/settings' });

  router.get('/', requirePermission('admin.panel'), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await queries.current();
  });

  router.get('/history', requirePermission('admin.panel'), async (ctx) => {
    const page = parseQuery(historyQuery, ctx);
    sendPage(ctx, await queries.history(page));
  });

  router.get('/agency', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await queries.details(defaults);
  });

  return router;
}
