import { z } from 'zod';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './session-store';

const whole = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Session limits; the command API and every read API must be given the same values. */
export const sessionEnvSchema = z.object({
  SESSION_IDLE_MINUTES: whole(DEFAULT_SESSION_POLICY.idleMinutes, 24 * 60),
  SESSION_MAX_HOURS: whole(DEFAULT_SESSION_POLICY.maxHours, 24 * 30),
});

export function sessionPolicyFrom(env: z.output<typeof sessionEnvSchema>): SessionPolicy {
  return { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS };
}
