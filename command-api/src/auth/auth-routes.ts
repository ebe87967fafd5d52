import Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { loginRequestSchema, passwordResetRequestSchema, passwordResetSchema } from '@care/events';
import { parseOr400, SESSION_COOKIE, type RequestState } from '@care/events/server';
import { clientInfo } from './client-info';
import { RESET_MAILED, RESET_REQUESTED, type PasswordResets } from './password-resets';
import type { SignInService } from './sign-in-service';
import { SignInLockedError } from './sign-in-throttle';

export const LANDING_PATH = '/landing';

/** The only /api paths answered without a session. */
export const isPublicAuthPath = (path: string): boolean =>
  path === '/api/login' || path.startsWith('/api/login/') || path === '/api/logout';

/**
 * Sign-in and sign-out are commands. GET /api/login is a browser navigation (the sign-in page's address) that
 * only redirects; signing out changes state, so it is a POST, Origin-checked like every write: a link or
 * an image on another site cannot sign anyone out (GET /api/logout answers 405 and changes nothing).
 */
export function authRoutes(signIn: SignInService, resets: PasswordResets): Router<RequestState> {
  const router = new Router<RequestState>();

  /** 429 with Retry-After; anything else is rethrown. */
  const refuseWhenLocked = async (ctx: ParameterizedContext<RequestState>, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      if (!(error instanceof SignInLockedError)) throw error;
      ctx.status = 429;
      ctx.set('Retry-After', String(error.retryAfterSeconds));
      ctx.body = { error: error.message, retryAfterSeconds: error.retryAfterSeconds };
    }
  };

  router.post('/api/login', async (ctx) => {
    const { email, password } = parseOr400(loginRequestSchema, ctx.request.body);
    await refuseWhenLocked(ctx, async () => {
      const { token, user } = await signIn.signIn(email, password, clientInfo(ctx), ctx.state.requestId);
      // A session cookie (no Expires): the server's idle and absolute limits decide how long it lives.
      ctx.cookies.set(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.secure,
        path: '/',
        overwrite: true,
      });
      ctx.body = { user };
    });
  });

  router.get('/api/login', (ctx) => {
    ctx.redirect(LANDING_PATH);
  });

  router.post('/api/logout', async (ctx) => {
    await signIn.signOut(ctx.cookies.get(SESSION_COOKIE), clientInfo(ctx), ctx.state.requestId);
    ctx.cookies.set(SESSION_COOKIE, null, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      overwrite: true,
    });
    ctx.status = 204;
  });

  router.post('/api/login/password-reset-requests', async (ctx) => {
    const { email } = parseOr400(passwordResetRequestSchema, ctx.request.body);
    await refuseWhenLocked(ctx, async () => {
      await resets.request(email, clientInfo(ctx), ctx.state.requestId);
      ctx.status = 202;
      ctx.body = { message: resets.mailsLinks ? RESET_MAILED : RESET_REQUESTED };
    });
  });

  router.post('/api/login/password-reset', async (ctx) => {
    const { token, password } = parseOr400(passwordResetSchema, ctx.request.body);
    await resets.complete(token, password, ctx.state.requestId);
    ctx.body = { message: 'Your password has been changed. You can now log in.' };
  });

  return router;
}
