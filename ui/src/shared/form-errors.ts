import type { z } from 'zod';
import { ApiError } from './api';

/** The first message per top-level field of a failed zod parse, limited to the form's own fields. */
export function issuesByField<F extends string>(error: z.ZodError, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !found[field as F]) {
      found[field as F] = issue.message;
    }
  }
  return found;
}

/**
 * A server refusal split for a form: `{ fields }` messages that belong to the form's fields go under them, the
 * rest (and a reply without field messages) becomes one form-level message.
 */
export function serverFormErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): { fieldErrors: Partial<Record<F, string>>; formError: string | undefined } {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, formError: undefined };
  const fieldErrors: Partial<Record<F, string>> = {};
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) fieldErrors[field as F] = message;
    else unplaced.push(message);
  }
  if (unplaced.length > 0) return { fieldErrors, formError: unplaced.join(' ') };
  return { fieldErrors, formError: Object.keys(fieldErrors).length === 0 ? error.reason : undefined };
}

/** The server's own reason for a refusal (4xx with `{ error }`), or the fallback for anything else. */
export function refusalReason(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const body = error.body as { error?: unknown; message?: unknown } | null;
    if (typeof body?.error === 'string' || typeof body?.message === 'string') return error.reason;
  }
  return fallback;
}
