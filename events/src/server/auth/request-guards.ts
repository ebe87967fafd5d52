import type Koa from 'koa';
import type { Role } from '../../enums';
import { can, type Permission } from '../../access/permissions';
import { HttpError, type RequestState } from '../http';
import { SESSION_COOKIE, type Session, type SessionStore } from './session-store';

export interface AuthState extends RequestState {
  /** Set by `requireSession` for every /api request that is not public. */
  session: Session;
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Every /api path needs a live session, known route or not: an anonymous caller gets 401
 * `Unauthorized` and learns nothing about which routes exist. `isPublic` names the exceptions
 * (sign-in and sign-out). Runs before body parsing and routing for the same reason.
 */
export function requireSession(
  sessions: SessionStore,
  isPublic: (path: string) => boolean = () => false,
): Koa.Middleware<AuthState> {
  return async (ctx, next) => {
    if (!isApiPath(ctx.path) || isPublic(ctx.path)) return next();
    const session = await sessions.find(ctx.cookies.get(SESSION_COOKIE));
    if (!session) {
      ctx.status = 401;
      ctx.type = 'text/plain';
      ctx.body = 'Unauthorized';
      return;
    }
    ctx.state.session = session;
    // The request's own logger (requestContext made it for this request): binding the user to it costs less than
    // a second child logger per request, and every later line of the request still names the user.
    ctx.state.log.setBindings({ userId: session.userId });
    return next();
  };
}

/** 403 for a signed-in user whose role lacks the permission (docs/features/accounts-and-roles.md, "Roles and permissions"). */
export function requirePermission(...anyOf: Permission[]): Koa.Middleware<AuthState> {
  return async (ctx, next) => {
    assertPermitted(ctx.state.session.role, ...anyOf);
    return next();
  };
}

export function assertPermitted(role: Role, ...anyOf: Permission[]): void {
  if (!anyOf.some((permission) => can(role, permission))) throw new HttpError(403, 'Forbidden');
}

/**
 * This site's own origin as the browser sees it (scheme and Host, or X-Forwarded-Proto/-Host from
 * the UI server). Not koa 3's `ctx.origin`, which is the caller's Origin header.
 */
export function siteOrigin(ctx: Koa.Context | Koa.ParameterizedContext): string {
  return `${ctx.protocol}://${ctx.host}`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence on top of SameSite=Lax cookies: a state-changing request must carry an Origin
 * (or, failing that, a Referer) of this very site. Browsers always send Origin on cross-origin
 * and on same-origin non-GET fetches, so a page elsewhere cannot make a signed-in browser write.
 * `trustedOrigins` adds origins for deployments where the public origin differs from the Host seen here.
 */
export function sameOriginWrites(trustedOrigins: readonly string[] = []): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !isApiPath(ctx.path)) return next();
    const claimed = ctx.get('origin') || originOf(ctx.get('referer'));
    const own = siteOrigin(ctx);
    if (claimed === '' || (claimed !== own && !trustedOrigins.includes(claimed))) {
      ctx.state.log.warn({ origin: claimed || null, expected: own }, 'cross-site write refused');
      throw new HttpError(403, 'Cross-site request refused');
    }
    return next();
  };
}

function originOf(url: string): string {
  if (url === '') return '';
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
