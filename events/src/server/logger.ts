import pino from 'pino';

/** Structured logs; every line of a request carries its request id (DESIGN.md decision 9). */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info') {
  return pino({ name: service, level, base: { service } });
}
export type Logger = pino.Logger;
