import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import {
  carePlanStreamId,
  clientStreamId,
  FAMILY_MEDICATION_MAX_DAYS,
  FAMILY_VISIT_WHEN,
  queryOneOf,
  type RecordViewKind,
} from '@care/events';
import { HttpError, requirePermission } from '@care/events/server';
import type { AgencyContacts } from '../shared/agency-contacts';
import { pagingFields, sendPage, wholeNumber } from '../shared/paging';
import { parseQuery } from '../shared/query-parsing';
import type { ReadDeps } from '../shared/read-deps';
import type { ReadState } from '../shared/read-state';
import { SettingsQueries } from '../settings/settings-queries';
import { familyMedicationSummary } from './family-medication-summary';
import { familyCarePlan, familyClients } from './family-queries';
import { familyAccessTo, type FamilyAccess } from './family-scope';
import { familyVisits } from './family-visit-queries';

export const familyVisitsQuery = z.object({
  when: queryOneOf(FAMILY_VISIT_WHEN, 'When'),
  ...pagingFields({ defaultLimit: 20, maxLimit: 100 }),
});
export const familyMedicationsQuery = z.object({
  days: wholeNumber('Days', 1, FAMILY_MEDICATION_MAX_DAYS, 7),
});
const clientIdParam = z.uuid();
/** The same answer whether the client does not exist or is not one of the caller's: nothing is revealed. */
const CLIENT_NOT_FOUND = 'Client not found';

/**
 * The family portal's reads (permission family.portal, held by the family role alone): the clients the caller has
 * active access to, and of each only what is shared with the family. The scope is read from family_access on every
 * request, so a withdrawn access answers 404 at once. Every read of a client's record is logged as a view
 * (RecordViewed), as staff views are, so the audit screens show who in the family looked at what and when.
 */
export function familyRoutes(deps: ReadDeps, agencyContacts: AgencyContacts): Router<ReadState> {
  const { db, views } = deps;
  const router = new Router<ReadState>({ prefix: '/api/family' });
  router.use(requirePermission('family.portal'));

  /** The caller's active access to the client in the path; 404 otherwise (unknown, another's, or withdrawn). */
  async function accessOf(ctx: ParameterizedContext<ReadState>): Promise<FamilyAccess> {
    const access = await familyAccessTo(db, ctx.state.session.userId, clientIdOf(ctx));
    if (!access) throw new HttpError(404, CLIENT_NOT_FOUND);
    return access;
  }

  /** The client id in the path; one that is not an id is 404 like any client the caller may not read. */
  function clientIdOf(ctx: ParameterizedContext<ReadState>): string {
    const id = clientIdParam.safeParse(ctx.params.clientId);
    if (!id.success) throw new HttpError(404, CLIENT_NOT_FOUND);
    return id.data;
  }

  const logView = (ctx: ParameterizedContext<ReadState>, view: RecordViewKind, streamId: string, clientId: string) =>
    views.viewed(ctx.state.session.userId, ctx.state.requestId, { view, streamId, clientId, asOf: undefined });

  router.get('/clients', async (ctx) => {
    ctx.body = await familyClients(db, ctx.state.session.userId);
  });

  router.get('/agency', async (ctx) => {
    const { name, address, phone, email, onCallPhone } = await new SettingsQueries(db).details(agencyContacts);
    ctx.body = { name, address, phone, email, onCallPhone };
  });

  router.get('/clients/:clientId/visits', async (ctx) => {
    const { when, limit, offset } = parseQuery(familyVisitsQuery, ctx);
    const clientId = clientIdOf(ctx);
    // The page is read while the access is checked and the view logged, so the three take the time of the longest.
    // Nothing is answered unless all succeed: no access is 404, and a view that cannot be logged is not shown.
    const [, page] = await Promise.all([
      accessOf(ctx).then((access) => logView(ctx, 'family-visits', clientStreamId(access.clientId), access.clientId)),
      familyVisits(db, clientId, when ?? 'upcoming', { limit, offset }),
    ]);
    sendPage(ctx, page);
  });

  router.get('/clients/:clientId/medications', async (ctx) => {
    const { days } = parseQuery(familyMedicationsQuery, ctx);
    const access = await accessOf(ctx);
    if (!access.shareMedications)
      throw new HttpError(404, 'The client has not agreed to share their medication summary with you');
    const [summary] = await Promise.all([
      familyMedicationSummary(db, access.clientId, days),
      logView(ctx, 'family-medications', clientStreamId(access.clientId), access.clientId),
    ]);
    ctx.body = summary;
  });

  router.get('/clients/:clientId/care-plan', async (ctx) => {
    const access = await accessOf(ctx);
    const found = await familyCarePlan(db, access.clientId);
    const stream = found ? carePlanStreamId(found.id) : clientStreamId(access.clientId);
    await logView(ctx, 'family-care-plan', stream, access.clientId);
    if (!found) {
      ctx.body = { plan: null };
      return;
    }
    const { id: _id, ...plan } = found;
    ctx.body = { plan };
  });

  return router;
}
