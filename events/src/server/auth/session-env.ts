import { z } from 'zod';
import { positiveWhole } from '../env';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './session-store';

/** Session limits; the command API and every read API must be given the same values. */
export const sessionEnvSchema = z.object({
  SESSION_IDLE_MINUTES: positiveWhole(DEFAULT_SESSION_POLICY.idleMinutes, 24 * 60),
  SESSION_MAX_HOURS: positiveWhole(DEFAULT_SESSION_POLICY.maxHours, 24 * 30),
});

export function sessionPolicyFrom(env: z.output<typeof sessionEnvSchema>): SessionPolicy {
  return { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS };
}
