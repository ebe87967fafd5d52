import type { ParameterizedContext } from 'koa';
import { z } from 'zod';
import { HttpError } from '@care/events/server';
import type { CommandContext } from './actor';
import type { CommandState } from './command-state';
import { offlineCaptureOf } from './offline-capture';

const uuid = z.uuid();

/** A malformed id cannot name a record: answer as for any unknown one. */
export function parseRecordId(raw: string | undefined, notFound: string): string {
  const parsed = uuid.safeParse(raw);
  if (!parsed.success) throw new HttpError(404, notFound);
  return parsed.data;
}

export const parseCarerId = (raw: string | undefined): string => parseRecordId(raw, 'Carer not found');

/** If-Match: the revision the client last saw ("3" or the quoted ETag form "\"3\""). */
export function parseIfMatch(ctx: ParameterizedContext<CommandState>): bigint | undefined {
  const header = ctx.get('if-match').trim();
  if (header === '') return undefined;
  const match = /^(?:W\/)?"?(\d{1,19})"?$/.exec(header);
  if (!match) throw new HttpError(400, 'Validation failed', { 'If-Match': 'If-Match must be a revision number' });
  return BigInt(match[1]!);
}

export function commandContext(ctx: ParameterizedContext<CommandState>): CommandContext {
  const capture = offlineCaptureOf(ctx);
  return { userId: ctx.state.session.userId, requestId: ctx.state.requestId, ...(capture && { capture }) };
}
