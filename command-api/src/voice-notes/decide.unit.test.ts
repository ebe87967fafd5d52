import type { VoiceNoteEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import { decide } from './decide';
import type { VoiceNoteActor, VoiceNoteCommand } from './voice-note-commands';
import { evolve, initialVoiceNoteState, type VoiceNoteState } from './voice-note-state';

const id = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';
const author = '0190a5b2-7c3d-7e4f-8a1b-000000000001';
const colleague = '0190a5b2-7c3d-7e4f-8a1b-000000000002';
const clientId = '0190a5b2-7c3d-7e4f-8a1b-000000000003';
const sha256 = 'a'.repeat(64);

const note = {
  id,
  userId: author,
  clientId,
  carerId: null,
  appointmentId: null,
  diaryEntryId: null,
  title: 'Evening visit',
  category: 'general',
  priority: 'high',
  duration: 42,
  tags: ['evening'],
  isPrivate: false,
} as const;
const audio = { audioFormat: 'webm', mimeType: 'audio/webm;codecs=opus', fileSize: 2048, sha256 };

const recorded = (isPrivate = false): VoiceNoteEvent => ({
  type: 'VoiceNoteRecorded',
  data: {
    ...note,
    tags: [...note.tags],
    ...audio,
    isPrivate,
    audioUrl: `/api/voice-notes/${id}/audio`,
    transcription: null,
  },
});
const removed: VoiceNoteEvent = { type: 'VoiceNoteRemoved', data: { id } };

const carer: VoiceNoteActor = { userId: colleague, mayReview: false, mayReadPrivate: false };
const coordinator: VoiceNoteActor = { userId: colleague, mayReview: true, mayReadPrivate: true };
const theAuthor: VoiceNoteActor = { userId: author, mayReview: false, mayReadPrivate: false };
const remove = (actor: VoiceNoteActor): VoiceNoteCommand => ({ type: 'RemoveVoiceNote', id, actor });

/** Given past events, when a command: the state `decide` sees. */
const given = (...events: VoiceNoteEvent[]): VoiceNoteState => events.reduce(evolve, initialVoiceNoteState);

describe('decide: RecordVoiceNote', () => {
  const record: VoiceNoteCommand = { type: 'RecordVoiceNote', note: { ...note, tags: [...note.tags] }, audio };

  it('records the note with its audio facts, the URL its audio is served at, and no transcription', () => {
    expect(decide(record, given())).toEqual([recorded()]);
  });

  it('refuses to record the same note twice', () => {
    expect(refusal(() => decide(record, given(recorded())))).toEqual({
      kind: 'conflict',
      message: 'Voice note already exists',
      field: undefined,
    });
  });
});

describe('decide: RemoveVoiceNote', () => {
  it('lets the author remove their own note', () => {
    expect(decide(remove(theAuthor), given(recorded()))).toEqual([removed]);
  });

  it("lets a reviewer remove anyone's note, private ones included", () => {
    expect(decide(remove(coordinator), given(recorded()))).toEqual([removed]);
    expect(decide(remove(coordinator), given(recorded(true)))).toEqual([removed]);
  });

  it('refuses someone else who is not a reviewer (403)', () => {
    expect(refusal(() => decide(remove(carer), given(recorded())))).toMatchObject({
      kind: 'forbidden',
      message: 'Only the author or a reviewer can delete a voice note',
    });
  });

  it('answers "not found" about another person\'s private note to someone who may not see it', () => {
    expect(refusal(() => decide(remove(carer), given(recorded(true))))).toMatchObject({
      kind: 'not_found',
      message: 'Voice note not found',
    });
  });

  it('answers "not found" for a note that does not exist or was removed already', () => {
    expect(refusal(() => decide(remove(theAuthor), given()))).toMatchObject({
      kind: 'not_found',
      message: 'Voice note not found',
    });
    expect(refusal(() => decide(remove(theAuthor), given(recorded(), removed)))).toMatchObject({ kind: 'not_found' });
  });
});
