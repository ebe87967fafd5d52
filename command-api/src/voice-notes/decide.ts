import { voiceNoteAudioUrl, type VoiceNoteEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { VoiceNoteCommand } from './voice-note-commands';
import type { VoiceNoteState } from './voice-note-state';

export const VOICE_NOTE_NOT_FOUND = 'Voice note not found';

/** The voice-note aggregate's rules. Pure: the same command and state always give the same events or refusal. */
export function decide(command: VoiceNoteCommand, state: VoiceNoteState): VoiceNoteEvent[] {
  switch (command.type) {
    case 'RecordVoiceNote':
      if (state.exists) throw new DomainError('conflict', 'Voice note already exists');
      return [
        {
          type: 'VoiceNoteRecorded',
          data: {
            ...command.note,
            ...command.audio,
            audioUrl: voiceNoteAudioUrl(command.note.id),
            transcription: null,
          },
        },
      ];
    case 'RemoveVoiceNote': {
      if (!state.exists || state.removed) throw new DomainError('not_found', VOICE_NOTE_NOT_FOUND);
      const { actor } = command;
      const isAuthor = state.authorId === actor.userId;
      // Someone who may not see a private note must not learn that it exists.
      if (state.isPrivate && !isAuthor && !actor.mayReadPrivate)
        throw new DomainError('not_found', VOICE_NOTE_NOT_FOUND);
      if (!isAuthor && !actor.mayReview)
        throw new DomainError('forbidden', 'Only the author or a reviewer can delete a voice note');
      return [{ type: 'VoiceNoteRemoved', data: { id: command.id } }];
    }
    default:
      return assertNever(command);
  }
}
