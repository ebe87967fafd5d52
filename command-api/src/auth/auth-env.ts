import { z } from 'zod';
import { blankAsAbsent, passwordSchema } from '@care/events';
import { positiveWhole, publicUrl, sessionEnvSchema, sessionPolicyFrom } from '@care/events/server';
import { DEFAULT_AUTH_POLICY, type AuthPolicy } from './auth-policy';

/** What `npm start` prints with the default PORT; scripts/product.ts passes the real one. */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

const optionalText = z.preprocess(blankAsAbsent, z.string().optional());

/** Sign-in and link settings of the command API (docs/operations.md, "Configuration"). */
export const authEnvSchema = sessionEnvSchema
  .extend({
    SIGN_IN_MAX_FAILURES: positiveWhole(DEFAULT_AUTH_POLICY.maxFailuresPerAccount, 1000),
    SIGN_IN_LOCKOUT_MINUTES: positiveWhole(DEFAULT_AUTH_POLICY.lockoutMinutes, 24 * 60),
    ADMIN_EMAIL: optionalText.pipe(z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional()),
    ADMIN_PASSWORD: optionalText.pipe(passwordSchema.optional()),
    /** Where users open the product; password-reset links are built on it (never on a request's Host). */
    PUBLIC_URL: publicUrl(DEFAULT_PUBLIC_URL),
    TRUSTED_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'TRUSTED_ORIGINS must be comma-separated URLs' }))),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'Set ADMIN_EMAIL and ADMIN_PASSWORD together, or neither',
    path: ['ADMIN_PASSWORD'],
  });

export function authPolicyFrom(env: z.output<typeof authEnvSchema>): AuthPolicy {
  return {
    ...DEFAULT_AUTH_POLICY,
    session: sessionPolicyFrom(env),
    maxFailuresPerAccount: env.SIGN_IN_MAX_FAILURES,
    lockoutMinutes: env.SIGN_IN_LOCKOUT_MINUTES,
    failureWindowMinutes: Math.max(DEFAULT_AUTH_POLICY.failureWindowMinutes, env.SIGN_IN_LOCKOUT_MINUTES),
  };
}
