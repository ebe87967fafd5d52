import { definedOnly, type DiaryEntryContent, type DiarySliceEvent, type EventMetadata } from '@care/events';
import { assertNever } from '../shared/assert-never';

/** A diary event as read from its stream: the metadata names the author of DiaryEntryAdded. */
export type DiaryStreamEvent = DiarySliceEvent & { readonly metadata: Pick<EventMetadata, 'userId'> };

export type DiaryEntryState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly authorUserId: string;
      /** Whom the entry is about: a carer amends only entries about the clients of their work, or their own. */
      readonly clientId: string;
      readonly reviewed: boolean;
      readonly content: DiaryEntryContent;
    };

export const initialDiaryEntryState: DiaryEntryState = { exists: false };

/** Folds one diary event into the state `decide` needs. Pure. */
export function evolve(state: DiaryEntryState, event: DiaryStreamEvent): DiaryEntryState {
  switch (event.type) {
    case 'DiaryEntryAdded': {
      const { id: _id, carerId: _carerId, clientId, appointmentId: _appointmentId, ...content } = event.data;
      return { exists: true, authorUserId: event.metadata.userId, clientId, reviewed: false, content };
    }
    case 'DiaryEntryReviewed':
      return state.exists ? { ...state, reviewed: true } : state;
    case 'DiaryEntryAmended':
      return state.exists ? { ...state, content: { ...state.content, ...definedOnly(event.data.changes) } } : state;
    default:
      return assertNever(event);
  }
}
