import Router from '@koa/router';
import { z } from 'zod';
import {
  addDays,
  can,
  DEFAULT_WEEKLY_HOURS_LIMIT,
  mondayOf,
  requiredQueryDate,
  WORKING_PATTERN_NOT_FOUND,
  type WorkingTimeView,
} from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import { READ_MODEL_SCHEMA } from '@care/projector';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { parseQuery } from '../shared/query-parsing';
import { weekMinutesOf, workingPatternsOf, workingPatternViewOf } from './working-pattern-queries';

const carerId = z.uuid();
export const workingTimeQuery = z.object({ week: requiredQueryDate('Week') });

/**
 * GET /api/carers/:id/working-pattern: the carer's pattern as last set. A carer reads only their own; another
 * carer's, a carer with none recorded and an unknown carer all answer 404 alike.
 */
export function workingPatternRoutes({ db }: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>();

  router.get('/api/carers/:id/working-pattern', requirePermission('carers.read', 'carers.readOwn'), async (ctx) => {
    const id = carerId.safeParse(ctx.params.id);
    if (!id.success) throw new HttpError(404, WORKING_PATTERN_NOT_FOUND);
    let query = db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('carer_working_patterns as p')
      .selectAll('p')
      .where('p.carer_id', '=', id.data);
    if (!can(ctx.state.session.role, 'carers.read'))
      query = query.innerJoin('carers as c', 'c.id', 'p.carer_id').where('c.user_id', '=', ctx.state.session.userId);
    const row = await query.executeTakeFirst();
    if (!row) throw new HttpError(404, WORKING_PATTERN_NOT_FOUND);
    ctx.set('ETag', `"${row.revision}"`);
    ctx.body = workingPatternViewOf(row);
  });

  /**
   * GET /api/working-time?week=YYYY-MM-DD: for the London week (Monday to Sunday) holding that date, each carer with
   * visits booked in it, their booked minutes and weekly hours limit, and whether they are over it (the rota's flag).
   */
  router.get('/api/working-time', requirePermission('appointments.read'), async (ctx) => {
    const weekStart = mondayOf(parseQuery(workingTimeQuery, ctx).week);
    const booked = await db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('appointments')
      .select('carer_id')
      .distinct()
      .where('carer_id', 'is not', null)
      .where('status', '!=', 'cancelled')
      .where('date', '>=', weekStart)
      .where('date', '<', addDays(weekStart, 7))
      .execute();
    const carerIds = booked.flatMap((row) => (row.carer_id === null ? [] : [row.carer_id]));
    const [minutes, patterns] = await Promise.all([
      weekMinutesOf(db, carerIds, weekStart),
      workingPatternsOf(db, carerIds),
    ]);
    const rows: WorkingTimeView[] = carerIds.map((id) => {
      const booked = minutes.get(id) ?? 0;
      const weeklyHoursLimit = patterns.get(id)?.weeklyHoursLimit ?? DEFAULT_WEEKLY_HOURS_LIMIT;
      return { carerId: id, weekStart, minutes: booked, weeklyHoursLimit, overLimit: booked > weeklyHoursLimit * 60 };
    });
    ctx.body = rows.filter((row) => row.minutes > 0).sort((a, b) => a.carerId.localeCompare(b.carerId));
  });

  return router;
}
