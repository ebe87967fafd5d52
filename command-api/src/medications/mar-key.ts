import {
  BUILT_IN_MAR_KEY,
  evolveMarKey,
  MAR_KEY_STREAM,
  marKeyEntry,
  type addMarCodeRequestSchema,
  type EventStore,
  type MarKeyEntry,
  type MarKeyEvent,
} from '@care/events';
import type { z } from 'zod';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';

export type AddMarCodeInput = z.output<typeof addMarCodeRequestSchema>;
export type MarKeyState = readonly MarKeyEntry[];

/** Pure: a code is on the key once, built in or added (a withdrawn code is not reused: old records carry it). */
export function decideAddMarCode(key: MarKeyState, input: AddMarCodeInput): MarKeyEvent[] {
  const existing = marKeyEntry(key, input.code);
  if (existing)
    throw new DomainError('conflict', `${input.code} is already on the MAR chart's key (${existing.label})`, 'code');
  return [{ type: 'MarCodeAdded', data: input }];
}

/** Pure: only an added code is withdrawn, once; the built-in codes are the key every chart shares. */
export function decideWithdrawMarCode(key: MarKeyState, code: string, reason: string): MarKeyEvent[] {
  const entry = marKeyEntry(key, code);
  if (!entry) throw new DomainError('not_found', `${code} is not on the MAR chart's key`);
  if (entry.builtIn)
    throw new DomainError('conflict', `${code} (${entry.label}) is a built-in code and stays on the key`);
  if (entry.withdrawn) throw new DomainError('conflict', `${code} (${entry.label}) is already withdrawn`);
  return [{ type: 'MarCodeWithdrawn', data: { code, reason } }];
}

function loadKey(store: EventStore) {
  return loadStream<MarKeyEvent, MarKeyState>(store, MAR_KEY_STREAM, evolveMarKey, BUILT_IN_MAR_KEY);
}

/** The key as it stands, for a dose's outcome to be checked against. */
export async function currentMarKey(store: EventStore): Promise<MarKeyState> {
  return (await loadKey(store)).state;
}

async function changeKey(
  store: EventStore,
  decideOn: (key: MarKeyState) => MarKeyEvent[],
  code: string,
  context: CommandContext,
): Promise<CommandResult> {
  const loaded = await loadKey(store);
  // The stream's revision orders two administrators adding the same code at once: one wins, one gets a 409.
  const appended = await appendEvents(store, MAR_KEY_STREAM, decideOn(loaded.state), loaded.revision, context);
  return { id: code, revision: appended.nextExpectedRevision, position: appended.position };
}

export const addMarCode = (store: EventStore, input: AddMarCodeInput, context: CommandContext) =>
  changeKey(store, (key) => decideAddMarCode(key, input), input.code, context);

export const withdrawMarCode = (store: EventStore, code: string, reason: string, context: CommandContext) =>
  changeKey(store, (key) => decideWithdrawMarCode(key, code, reason), code, context);
