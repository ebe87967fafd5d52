import type { VoiceNoteEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type VoiceNoteState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly removed: boolean;
      readonly authorId: string;
      readonly isPrivate: boolean;
      /** Whom the note is about, if anyone: a carer deals only with notes about the clients of their work, or their own. */
      readonly clientId: string | null;
      /** The recording's digest: a phone sending the same note again under its id sends the same bytes. */
      readonly sha256: string;
    };

export const initialVoiceNoteState: VoiceNoteState = { exists: false };

/** Folds one voice-note event into the state `decide` needs. Pure. */
export function evolve(state: VoiceNoteState, event: VoiceNoteEvent): VoiceNoteState {
  switch (event.type) {
    case 'VoiceNoteRecorded':
      return {
        exists: true,
        removed: false,
        authorId: event.data.userId,
        isPrivate: event.data.isPrivate,
        clientId: event.data.clientId,
        sha256: event.data.sha256,
      };
    case 'VoiceNoteRemoved':
      return state.exists ? { ...state, removed: true } : state;
    default:
      return assertNever(event);
  }
}
