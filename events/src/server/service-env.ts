import { z } from 'zod';
import { databaseUrl, optionalUrl } from './env';

/** The settings every back-end service shares. */
export const serviceEnvSchema = z.object({
  DATABASE_URL: databaseUrl,
  EVENTSTORE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
