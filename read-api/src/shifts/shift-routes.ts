import Router from '@koa/router';
import { z } from 'zod';
import { can } from '@care/events';
import { requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { dateRangeFields, optionalId, resolveDateRange } from '../appointments/query-fields';
import { ShiftQueries } from './shift-queries';
import { parseQuery } from '../shared/query-parsing';

export const listQuery = z
  .object({ ...dateRangeFields, carerId: optionalId('Carer ID must be a UUID') })
  .transform((value, ctx) => {
    const range = resolveDateRange(value, ctx);
    return range ? { range, carerId: value.carerId } : z.NEVER;
  });

/** GET /api/shifts (?from&to or ?date or ?today=true; none: a month either side of today; &carerId), by start. */
export function shiftRoutes({ db }: ReadDeps): Router<ReadState> {
  const queries = new ShiftQueries(db);
  const router = new Router<ReadState>({ prefix: '/api/shifts' });
  router.use(requirePermission('appointments.read', 'appointments.readOwn'));

  router.get('/', async (ctx) => {
    const { range, carerId } = parseQuery(listQuery, ctx);
    const { role, userId } = ctx.state.session;
    ctx.body = await queries.list({ range, carerId, ownUserId: can(role, 'appointments.read') ? undefined : userId });
  });

  return router;
}
