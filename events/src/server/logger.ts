import pino from 'pino';

/**
 * Secrets must never reach a log line: no code logs them, and these paths are censored as a second line of
 * defence should a future log call pass a request body, a cookie or a reset link along.
 */
export const LOG_REDACTION: pino.LoggerOptions['redact'] = {
  paths: [
    'password',
    '*.password',
    'token',
    '*.token',
    'resetLink',
    '*.resetLink',
    'sid',
    '*.sid',
    'cookie',
    '*.cookie',
    'headers.cookie',
    '*.headers.cookie',
    'headers["set-cookie"]',
    '*.headers["set-cookie"]',
  ],
  censor: '[redacted]',
};

/**
 * Structured logs; every line of a request carries its request id
 * (docs/decisions/0011-request-id-as-correlation-id.md). Written to stdout asynchronously: every request logs a line,
 * and a synchronous write per line was a system call inside each request's path; lines written while one is in flight
 * now go out together. pino flushes what is buffered when the process exits (including process.exit after a fatal
 * line).
 */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info') {
  return pino(
    { name: service, level, base: { service }, redact: LOG_REDACTION },
    pino.destination({ dest: 1, sync: false }),
  );
}
export type Logger = pino.Logger;
