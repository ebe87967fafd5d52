import { v7 as uuidv7 } from 'uuid';
import {
  REFERENCE_MEDICINES,
  REFERENCE_MEDICINES_STREAM,
  type addReferenceMedicineRequestSchema,
  type EventStore,
  type ReferenceMedicineEvent,
} from '@care/events';
import type { z } from 'zod';
import type { CommandContext } from '../shared/actor';
import type { CommandResult } from '../shared/command-reply';
import { DomainError } from '../shared/domain-error';
import { appendEvents, loadStream } from '../shared/event-stream';

export type AddReferenceMedicineInput = z.output<typeof addReferenceMedicineRequestSchema>;

/** The names already in the database (built in, or added): case-insensitive. */
export type ReferenceState = ReadonlySet<string>;
const key = (name: string) => name.trim().toLowerCase();
export const initialReferenceState: ReferenceState = new Set(REFERENCE_MEDICINES.map((medicine) => key(medicine.name)));

export function evolveReference(state: ReferenceState, event: ReferenceMedicineEvent): ReferenceState {
  return new Set(state).add(key(event.data.name));
}

/** Pure: a medicine is added once (a name already in the database, built in or added, is a 409). */
export function decideAddReference(
  state: ReferenceState,
  id: string,
  input: AddReferenceMedicineInput,
): ReferenceMedicineEvent[] {
  if (state.has(key(input.name)))
    throw new DomainError('conflict', `${input.name} is already in the Medicine Database`, 'name');
  return [{ type: 'ReferenceMedicineAdded', data: { id, ...input } }];
}

export async function addReferenceMedicine(
  store: EventStore,
  input: AddReferenceMedicineInput,
  context: CommandContext,
): Promise<CommandResult> {
  const loaded = await loadStream<ReferenceMedicineEvent, ReferenceState>(
    store,
    REFERENCE_MEDICINES_STREAM,
    evolveReference,
    initialReferenceState,
  );
  const id = uuidv7();
  const appended = await appendEvents(
    store,
    REFERENCE_MEDICINES_STREAM,
    decideAddReference(loaded.state, id, input),
    loaded.revision,
    context,
  );
  return { id, revision: appended.nextExpectedRevision, position: appended.position };
}
