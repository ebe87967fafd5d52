import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import {
  alertAudiencesChoiceSchema,
  changeOwnNameRequestSchema,
  changeOwnPasswordRequestSchema,
  notificationChoicesSchema,
} from '@care/events';
import { parseOr400, requirePermission, SESSION_COOKIE } from '@care/events/server';
import { clientInfo } from '../auth/client-info';
import { SignInLockedError } from '../auth/sign-in-throttle';
import { commandReply } from '../shared/command-reply';
import type { CommandState } from '../shared/command-state';
import { commandContext } from '../shared/request-parsing';
import type { AccountService } from './account-service';

/**
 * /settings' commands on the caller's own account (any signed-in user): PATCH /api/account/profile (name),
 * POST /api/account/password (old password required; every other session ends), PUT
 * /api/account/notifications and PUT /api/account/alert-audiences (whoever reads every alert: alerts.read).
 */
export function accountRoutes(account: AccountService): Router<CommandState> {
  const router = new Router<CommandState>({ prefix: '/api/account' });

  router.patch('/profile', async (ctx) => {
    const { firstName, lastName } = parseOr400(changeOwnNameRequestSchema, ctx.request.body);
    ctx.body = commandReply(await account.changeName(ctx.state.session, firstName, lastName, commandContext(ctx)));
  });

  router.post('/password', async (ctx: ParameterizedContext<CommandState>) => {
    const { currentPassword, newPassword } = parseOr400(changeOwnPasswordRequestSchema, ctx.request.body);
    try {
      const { result, token } = await account.changePassword(
        ctx.state.session,
        currentPassword,
        newPassword,
        clientInfo(ctx),
        commandContext(ctx),
      );
      // The old cookie's session is gone with the others: this browser carries on with the new one.
      ctx.cookies.set(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secure,
        path: '/',
        overwrite: true,
      });
      ctx.body = commandReply(result);
    } catch (error) {
      if (!(error instanceof SignInLockedError)) throw error;
      ctx.status = 429;
      ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.body = { error: error.message, retryAfterSeconds: error.retryAfterSeconds };
    }
  });

  router.put('/notifications', async (ctx) => {
    const choices = parseOr400(notificationChoicesSchema, ctx.request.body);
    ctx.body = commandReply(
      await account.setNotificationChoices(ctx.state.session.userId, choices, commandContext(ctx)),
    );
  });

  router.put('/alert-audiences', requirePermission('alerts.read'), async (ctx) => {
    const { audiences } = parseOr400(alertAudiencesChoiceSchema, ctx.request.body);
    ctx.body = commandReply(await account.setAlertAudiences(ctx.state.session, audiences, commandContext(ctx)));
  });

  return router;
}
