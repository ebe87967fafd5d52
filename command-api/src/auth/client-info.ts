import type { ParameterizedContext } from 'koa';
import { headerText, TEXT_LIMITS } from '@care/events';

/**
 * Where a sign-in came from, for the access log and the per-address throttle. Both come from headers (the address
 * from X-Forwarded-For behind a proxy), so they are cut to size and cleaned rather than refused.
 */
export interface ClientInfo {
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
}

export function clientInfo(ctx: ParameterizedContext): ClientInfo {
  return {
    ipAddress: headerText(ctx.ip, TEXT_LIMITS.ipAddress),
    userAgent: headerText(ctx.get('user-agent'), TEXT_LIMITS.userAgent),
  };
}
