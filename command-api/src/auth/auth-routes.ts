import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { loginRequestSchema, passwordResetRequestSchema, passwordResetSchema } from '@care/events';
import { parseOr400, SESSION_COOKIE, siteOrigin, type RequestState } from '@care/events/server';
import { clientInfo } from './client-info';
import { RESET_REQUESTED, type PasswordResets } from './password-resets';
import { SignInLockedError, type SignInService } from './sign-in-service';
import { throttleKeys, type SignInThrottle } from './sign-in-throttle';

export const LANDING_PATH = '/landing';

/** The only /api paths answered without a session. */
export const isPublicAuthPath = (path: string): boolean =>
  path === '/api/login' || path.startsWith('/api/login/') || path === '/api/logout';

/**
 * Sign-in and sign-out are commands: the UI server routes every method on these paths here.
 * GET /api/login and GET /api/logout are browser navigations (spec part 1 section 7).
 */
export function authRoutes(signIn: SignInService, resets: PasswordResets, throttle: SignInThrottle): Router<RequestState> {
  const router = new Router<RequestState>();

  const refuseLocked = (ctx: ParameterizedContext<RequestState>, error: SignInLockedError) => {
    ctx.status = 429;
    ctx.set('Retry-After', String(error.retryAfterSeconds));
    ctx.body = { error: error.message, retryAfterSeconds: error.retryAfterSeconds };
  };

  router.post('/api/login', async (ctx) => {
    const { email, password } = parseOr400(loginRequestSchema, ctx.request.body);
    try {
      const { token, user } = await signIn.signIn(email, password, clientInfo(ctx), ctx.state.requestId);
      // A session cookie (no Expires): the server's idle and absolute limits decide how long it lives.
      ctx.cookies.set(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', overwrite: true });
      ctx.body = { user };
    } catch (error) {
      if (!(error instanceof SignInLockedError)) throw error;
      refuseLocked(ctx, error);
    }
  });

  router.get('/api/login', (ctx) => {
    ctx.redirect(LANDING_PATH);
  });

  const signOut = async (ctx: ParameterizedContext<RequestState>) => {
    await signIn.signOut(ctx.cookies.get(SESSION_COOKIE), clientInfo(ctx), ctx.state.requestId);
    ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', overwrite: true });
  };
  router.get('/api/logout', async (ctx) => {
    await signOut(ctx);
    ctx.redirect(LANDING_PATH);
  });
  router.post('/api/logout', async (ctx) => {
    await signOut(ctx);
    ctx.status = 204;
  });

  router.post('/api/login/password-reset-requests', async (ctx) => {
    const { email } = parseOr400(passwordResetRequestSchema, ctx.request.body);
    const keys = throttleKeys(email, clientInfo(ctx).ipAddress);
    const lockedFor = await throttle.lockedForSeconds(keys.address);
    if (lockedFor > 0) return refuseLocked(ctx, new SignInLockedError(lockedFor));
    await throttle.recordResetRequest(keys);
    await resets.requestByEmail(email, siteOrigin(ctx), clientInfo(ctx), ctx.state.requestId, ctx.state.log);
    ctx.status = 202;
    ctx.body = { message: RESET_REQUESTED };
  });

  router.post('/api/login/password-reset', async (ctx) => {
    const { token, password } = parseOr400(passwordResetSchema, ctx.request.body);
    await resets.complete(token, password, ctx.state.requestId);
    ctx.body = { message: 'Your password has been changed. You can now log in.' };
  });

  return router;
}
