import type { ParameterizedContext } from 'koa';

/** Where a sign-in came from, for the access log and the per-address throttle. */
export interface ClientInfo {
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

export function clientInfo(ctx: ParameterizedContext): ClientInfo {
  return { ipAddress: ctx.ip || null, userAgent: ctx.get('user-agent').slice(0, 500) || null };
}
