import Router from '@koa/router';
import type pg from 'pg';
import {
  acceptFamilyInvitationRequestSchema,
  checkFamilyInvitationRequestSchema,
  inviteFamilyMemberRequestSchema,
  withdrawFamilyAccessRequestSchema,
  type EventStore,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import type { UserService } from '../users/user-service';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext, parseRecordId } from '../shared/request-parsing';
import { ACCESS_NOT_FOUND } from './decide';
import { FamilyInvitations } from './family-invitations';
import { CLIENT_NOT_FOUND, FamilyService } from './family-service';

export interface FamilyRouteDependencies {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly users: UserService;
  readonly publicUrl: string;
}

/**
 * Family accounts: the office invites and withdraws (family.invite); the invited person accepts through their
 * one-time link without a session (under /api/login/, the only paths answered without one).
 */
export function familyRoutes(deps: FamilyRouteDependencies): Router<CommandState> {
  const service = new FamilyService({
    store: deps.store,
    users: deps.users,
    invitations: new FamilyInvitations(deps.pool, deps.publicUrl),
  });
  const router = new Router<CommandState>();

  router.post('/api/clients/:id/family', requirePermission('family.invite'), async (ctx) => {
    const clientId = parseRecordId(ctx.params.id, CLIENT_NOT_FOUND);
    const input = parseOr400(inviteFamilyMemberRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = commandReply(await service.invite(clientId, input, commandContext(ctx)));
  });

  router.post('/api/family-access/:accessId/withdraw', requirePermission('family.invite'), async (ctx) => {
    const accessId = parseRecordId(ctx.params.accessId, ACCESS_NOT_FOUND);
    const { reason } = parseOr400(withdrawFamilyAccessRequestSchema, ctx.request.body);
    ctx.body = commandReply(await service.withdraw(accessId, reason, commandContext(ctx)));
  });

  router.post('/api/login/family-invitation', async (ctx) => {
    const { token, password } = parseOr400(acceptFamilyInvitationRequestSchema, ctx.request.body);
    await service.accept(token, password, ctx.state.requestId);
    ctx.body = {
      message:
        password === undefined
          ? 'Your access is ready. Log in with your email and your usual password.'
          : 'Your access is ready. You can now log in with your email and the password you chose.',
    };
  });

  router.post('/api/login/family-invitation/check', async (ctx) => {
    const { token } = parseOr400(checkFamilyInvitationRequestSchema, ctx.request.body);
    ctx.body = await service.checkInvitation(token);
  });

  return router;
}
