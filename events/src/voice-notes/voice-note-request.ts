import { z } from 'zod';
import { requiredText, safeText, textList } from '../fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';
import { VOICE_NOTE_MAX_SECONDS, VOICE_NOTE_PRIORITIES } from './voice-note-limits';

/**
 * The text fields of POST /api/voice-notes (multipart/form-data, beside the `audio` file), shared by the UI
 * and the command API. Form fields arrive as strings (a repeated field as a list of strings), so blank means
 * "not set" and numbers and switches are read from their text.
 */

const blankTo = (replacement: null | undefined) => (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? replacement : value;

function optionalRecordId(message: string) {
  return z.preprocess(blankTo(null), z.uuid({ error: message }).nullable().optional());
}

/** Tags as a JSON array in one field (`tags=["falls","night"]`), a repeated field, or one plain tag. */
function tagList(value: unknown, ctx: z.RefinementCtx): unknown {
  if (value === undefined || value === null) return [];
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (!text.startsWith('[')) return [value];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Tags must be a JSON array of texts' });
    return z.NEVER;
  }
}

const booleanText = (value: unknown) => {
  if (value === undefined || value === '') return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
};

const durationMessage = `Duration must be a whole number of seconds from 1 to ${VOICE_NOTE_MAX_SECONDS}`;

export const recordVoiceNoteRequestSchema = z.object({
  /**
   * The note's id when the phone made one (a note recorded offline and uploaded later): sending the same note again
   * under its id records it once. Left out, the server makes one.
   */
  id: optionalRecordId('Voice note ID must be a UUID'),
  title: requiredText('Title is required', TEXT_LIMITS.title),
  category: z.preprocess(
    blankTo(undefined),
    safeText(TEXT_LIMITS.voiceNoteCategory, 'Category must be text').default('general'),
  ),
  priority: z.preprocess(
    blankTo(undefined),
    z.enum(VOICE_NOTE_PRIORITIES, { error: 'Priority must be low, medium, high or urgent' }).default('medium'),
  ),
  clientId: optionalRecordId('Client ID must be a UUID'),
  carerId: optionalRecordId('Carer ID must be a UUID'),
  appointmentId: optionalRecordId('Appointment ID must be a UUID'),
  diaryEntryId: optionalRecordId('Diary entry ID must be a UUID'),
  duration: z.preprocess(
    blankTo(undefined),
    z.coerce
      .number({ error: durationMessage })
      .int(durationMessage)
      .min(1, durationMessage)
      .max(VOICE_NOTE_MAX_SECONDS, durationMessage),
  ),
  tags: z.preprocess(tagList, textList(LIST_LIMITS.voiceNoteTags, TEXT_LIMITS.tag)),
  isPrivate: z.preprocess(booleanText, z.boolean({ error: 'Private must be true or false' })),
});

/** What the form sends beside the file: every field as text (tags as a list), as in the multipart body. */
export interface RecordVoiceNoteRequest {
  title: string;
  category?: string;
  priority?: string;
  clientId?: string;
  carerId?: string;
  appointmentId?: string;
  diaryEntryId?: string;
  duration: string;
  tags?: string[];
  isPrivate?: 'true' | 'false';
}
export type RecordVoiceNoteCommandInput = z.output<typeof recordVoiceNoteRequestSchema>;
