import { describe, expect, it } from 'vitest';
import { checkVoiceNoteForm, EMPTY_VOICE_NOTE_FORM } from './voice-note-form';

describe('checkVoiceNoteForm', () => {
  it("asks for a title, with the API's message", () => {
    expect(checkVoiceNoteForm({ ...EMPTY_VOICE_NOTE_FORM, title: '   ' }, 12)).toEqual({
      ok: false,
      errors: { title: 'Title is required' },
    });
    expect(checkVoiceNoteForm({ ...EMPTY_VOICE_NOTE_FORM, title: 'x'.repeat(201) }, 12)).toEqual({
      ok: false,
      errors: { title: 'Must be at most 200 characters' },
    });
  });

  it('builds the multipart fields: text values, the duration in seconds, tags as a list, no blank client', () => {
    expect(
      checkVoiceNoteForm({ ...EMPTY_VOICE_NOTE_FORM, title: 'Evening visit', tags: ['night'], isPrivate: true }, 42),
    ).toEqual({
      ok: true,
      request: {
        title: 'Evening visit',
        category: 'general',
        priority: 'medium',
        duration: '42',
        tags: ['night'],
        isPrivate: 'true',
      },
    });
  });
});
