import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { blankAsAbsent } from '../fields';

/**
 * Parses the environment with a zod schema; a bad value stops the process with a clear message.
 *
 * Any variable X of the schema may instead be given as X_FILE, the path of a file holding its value (a trailing
 * newline dropped): a container platform mounts secrets such as DATABASE_URL or ADMIN_PASSWORD as files, and a value
 * read from a file never shows in the process's environment or in `docker inspect`. Setting both X and X_FILE is
 * refused, since nobody could tell which one is meant; a blank X counts as unset.
 */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.output<T> {
  const { values, problems } = withValuesFromFiles(schema, source);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * The variables the schema names. Only those are looked for as X_FILE: a variable whose own name ends in _FILE
 * (REPORT_CLOCK_FILE is a path the rules process reads later) keeps its meaning, and no unrelated *_FILE variable of
 * the surrounding environment makes the process read a file.
 */
function schemaKeys(schema: z.core.$ZodType): string[] {
  if (schema instanceof z.core.$ZodObject) return Object.keys(schema._zod.def.shape);
  if (schema instanceof z.core.$ZodIntersection)
    return [...schemaKeys(schema._zod.def.left), ...schemaKeys(schema._zod.def.right)];
  if (schema instanceof z.core.$ZodPipe) return [...schemaKeys(schema._zod.def.in), ...schemaKeys(schema._zod.def.out)];
  return [];
}

function withValuesFromFiles(
  schema: z.core.$ZodType,
  source: NodeJS.ProcessEnv,
): { values: NodeJS.ProcessEnv; problems: string[] } {
  const values: NodeJS.ProcessEnv = { ...source };
  const problems: string[] = [];
  for (const key of new Set(schemaKeys(schema))) {
    const fileKey = `${key}_FILE`;
    const file = source[fileKey];
    if (file === undefined || file === '') continue;
    if (source[key] !== undefined && source[key] !== '') {
      problems.push(`  ${key}: set either ${key} or ${fileKey}, not both`);
      continue;
    }
    try {
      values[key] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      problems.push(`  ${fileKey}: cannot read ${file} (${reason})`);
    }
  }
  return { values, problems };
}

/**
 * The environment a launcher hands its child processes once it has set each X itself (from X or from X_FILE):
 * every X_FILE whose X is present is left out, since a child given both would refuse to start.
 */
export function withoutResolvedFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !(name.endsWith('_FILE') && name.slice(0, -'_FILE'.length) in env)),
  );
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
