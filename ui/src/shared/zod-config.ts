import { config } from 'zod';

/**
 * Zod compiles object parsers with `new Function` unless told not to; our CSP forbids eval (no 'unsafe-eval'),
 * and the probe alone logs a CSP violation. Must be imported before any schema is built (first import of main.tsx).
 */
config({ jitless: true });
