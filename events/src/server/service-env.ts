import { z } from 'zod';
import { optionalEventStoreUrl } from '../eventstoredb/connection-string';
import { databaseUrl } from './env';

/** The settings every back-end service shares. */
export const serviceEnvSchema = z.object({
  DATABASE_URL: databaseUrl,
  EVENTSTORE_URL: optionalEventStoreUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
