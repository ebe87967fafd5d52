import Router from '@koa/router';
import { z } from 'zod';
import { requiredQueryDate, type CarerSuggestions, type FillDayPlan } from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { ReadDeps } from '../shared/read-deps';
import { parseQuery } from '../shared/query-parsing';
import type { ReadState } from '../shared/read-state';
import { rankCarers } from './carer-ranking';
import { fillDay } from './fill-day';
import { openVisits, readRotaFacts } from './rota-facts';

const NOT_FOUND = 'Appointment not found';
const appointmentId = z.uuid();
export const fillDayQuery = z.object({ date: requiredQueryDate('Date') });

/**
 * GET /api/rota/suggestions/:appointmentId: the carers who could take a scheduled visit, best first, each with
 * why; GET /api/rota/fill-day?date=: a carer proposed for every open visit of a London day. Both only read: the
 * screen assigns through the command API, which checks each assignment again. For those who assign visits.
 */
export function suggestionRoutes(deps: ReadDeps): Router<ReadState> {
  const router = new Router<ReadState>({ prefix: '/api/rota' });
  router.use(requirePermission('appointments.write'));

  router.get('/suggestions/:appointmentId', async (ctx) => {
    const id = appointmentId.safeParse(ctx.params.appointmentId);
    const [visit] = id.success ? await openVisits(deps.db, { id: id.data }) : [];
    if (!visit) throw new HttpError(404, NOT_FOUND);
    const facts = await readRotaFacts(deps.db, visit.date, [visit]);
    const body: CarerSuggestions = { appointmentId: visit.id, ...rankCarers(visit, facts) };
    ctx.body = body;
  });

  router.get('/fill-day', async (ctx) => {
    const { date } = parseQuery(fillDayQuery, ctx);
    const visits = await openVisits(deps.db, { date });
    const facts = await readRotaFacts(deps.db, date, visits);
    const body: FillDayPlan = { date, proposals: fillDay(visits, facts) };
    ctx.body = body;
  });

  return router;
}
