import { z } from 'zod';
import { blankAsAbsent } from '../fields';

/** Parses the environment with a zod schema; a bad value stops the process with a clear message. */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.output<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

export const databaseUrl = z
  .url({ error: 'DATABASE_URL must be a postgres:// URL' })
  .refine(
    (value) => value.startsWith('postgres://') || value.startsWith('postgresql://'),
    'DATABASE_URL must be a postgres:// URL',
  );

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const optionalUrl = z.preprocess(blankAsAbsent, z.url({ error: 'Must be a URL' }).optional());

/** A whole number from 1 to `max`, with a default: counts and durations in settings. */
export const positiveWhole = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * PUBLIC_URL: the address users open the product at (scheme, host, optional port and path), from which
 * links sent to users are built. Never taken from a request's Host or X-Forwarded-Host, which a caller can
 * forge. Kept without a trailing slash, so `${url}/landing` is a well-formed link.
 */
const publicUrlText = z
  .url({ error: 'PUBLIC_URL must be a URL' })
  .refine((value) => /^https?:\/\//.test(value), 'PUBLIC_URL must start with http:// or https://')
  .refine((value) => {
    const url = URL.canParse(value) ? new URL(value) : undefined;
    return url === undefined || (url.search === '' && url.hash === '' && url.username === '' && url.password === '');
  }, 'PUBLIC_URL must have no query, fragment or credentials')
  .transform((value) => value.replace(/\/+$/, ''));

export const publicUrl = (fallback: string) =>
  z.preprocess((value) => (value === '' || value === undefined ? fallback : value), publicUrlText);

/** PUBLIC_URL where the caller picks the default itself (scripts/start.ts: the URL it prints). */
export const optionalPublicUrl = z.preprocess(blankAsAbsent, publicUrlText.optional());

/** The origin part of a PUBLIC_URL (what a browser on it sends as Origin). */
export const originOfUrl = (url: string): string => new URL(url).origin;
