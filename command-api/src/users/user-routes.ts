import Router from '@koa/router';
import {
  changeRoleRequestSchema,
  createUserRequestSchema,
  positionToToken,
  updateUserRequestSchema,
  type PasswordResetLinkReply,
} from '@care/events';
import { parseOr400, requirePermission } from '@care/events/server';
import { RESET_ISSUED, type PasswordResets } from '../auth/password-resets';
import { clientInfo } from '../auth/client-info';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { DomainError } from '../shared/domain-error';
import { commandContext, parseIfMatch, parseRecordId } from '../shared/request-parsing';
import { USER_NOT_FOUND } from './decide-user';
import type { UserService } from './user-service';

const parseUserId = (raw: string | undefined) => parseRecordId(raw, USER_NOT_FOUND);

/** User management: admins only (permission users.manage). */
export function userRoutes(users: UserService, resets: PasswordResets): Router<CommandState> {
  const router = new Router<CommandState>({ prefix: '/api/users' });
  router.use(requirePermission('users.manage'));

  router.post('/', async (ctx) => {
    const input = parseOr400(createUserRequestSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = commandReply(await users.register(input, commandContext(ctx)));
  });

  router.patch('/:id', async (ctx) => {
    const userId = parseUserId(ctx.params.id);
    const input = parseOr400(updateUserRequestSchema, ctx.request.body);
    ctx.body = commandReply(await users.updateProfile(userId, input, parseIfMatch(ctx), commandContext(ctx)));
  });

  router.put('/:id/role', async (ctx) => {
    const userId = parseUserId(ctx.params.id);
    const { role } = parseOr400(changeRoleRequestSchema, ctx.request.body);
    ctx.body = commandReply(await users.changeRole(userId, role, commandContext(ctx)));
  });

  router.post('/:id/deactivate', async (ctx) => {
    ctx.body = commandReply(await users.deactivate(parseUserId(ctx.params.id), commandContext(ctx)));
  });

  router.post('/:id/reactivate', async (ctx) => {
    ctx.body = commandReply(await users.reactivate(parseUserId(ctx.params.id), commandContext(ctx)));
  });

  /**
   * A one-time link for the administrator to pass on: in this reply only (never logged, never in an
   * event), built on PUBLIC_URL. The reply is not cached (securityHeaders: no-store).
   */
  router.post('/:id/password-reset', async (ctx) => {
    const userId = parseUserId(ctx.params.id);
    const { userId: actorId, requestId } = commandContext(ctx);
    const issued = await resets.issue(userId, clientInfo(ctx), actorId, requestId);
    if (!issued) throw new DomainError('not_found', USER_NOT_FOUND);
    ctx.status = 201;
    ctx.body = {
      message: RESET_ISSUED,
      resetLink: issued.resetLink,
      expiresAt: issued.expiresAt.toISOString(),
      validMinutes: issued.validMinutes,
      position: positionToToken(issued.position),
    } satisfies PasswordResetLinkReply;
  });

  return router;
}
