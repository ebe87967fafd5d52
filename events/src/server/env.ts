import { z } from 'zod';

/** Parses the environment with a zod schema; a bad value stops the process with a clear message. */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.output<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

export const databaseUrl = z.url({ error: 'DATABASE_URL must be a postgres:// URL' }).refine(
  (value) => value.startsWith('postgres://') || value.startsWith('postgresql://'),
  'DATABASE_URL must be a postgres:// URL',
);

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

export const optionalUrl = z.preprocess((value) => (value === '' ? undefined : value), z.url({ error: 'Must be a URL' }).optional());

/** A whole number from 1 to `max`, with a default: counts and durations in settings. */
export const positiveWhole = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);
