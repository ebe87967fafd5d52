import Router from '@koa/router';
import { can, positionToToken, raiseEmergencyRequestSchema, type EmergencyRaisedReply } from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { CarerWork } from '../shared/carer-work';
import type { CommandDeps } from '../shared/command-deps';
import type { CommandState } from '../shared/command-state';
import { commandContext } from '../shared/request-parsing';
import { EmergencyService } from './emergency-service';

/**
 * POST /api/emergencies (emergencies.raise): the emergency screen's Raise emergency. 201 with the emergency's id
 * and the alert's, which reaches the coordinators' screens through the alerts push.
 */
export function emergencyRoutes({ store, carerWindow }: CommandDeps): Router<CommandState> {
  const emergencies = new EmergencyService(store, new CarerWork(store, carerWindow));
  const router = new Router<CommandState>({ prefix: '/api/emergencies' });
  router.use(requirePermission('emergencies.raise'));

  router.post('/', async (ctx) => {
    const input = parseOr400(raiseEmergencyRequestSchema, ctx.request.body ?? {});
    const { session } = ctx.state;
    const name = `${session.firstName} ${session.lastName}`.trim() || session.email;
    const result = await emergencies.raise(
      input,
      { userId: session.userId, name, mayNameAnyVisit: can(session.role, 'appointments.read') },
      commandContext(ctx),
    );
    ctx.status = 201;
    ctx.body = {
      id: result.id,
      alertId: result.alertId,
      revision: result.revision.toString(),
      position: result.position ? positionToToken(result.position) : '',
    } satisfies EmergencyRaisedReply;
  });

  return router;
}
