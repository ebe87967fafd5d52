import { z } from 'zod';
import type { Expect, Same } from '../api/same-type';
import { VOICE_NOTE_PRIORITIES } from './voice-note-limits';
import type { VoiceNoteView } from './voice-note-view';

/** VoiceNoteView for the API description and the tests that check replies against it. */
export const voiceNoteViewSchema = z.strictObject({
  id: z.uuid(),
  userId: z.string(),
  clientId: z.uuid().nullable(),
  carerId: z.uuid().nullable(),
  appointmentId: z.uuid().nullable(),
  diaryEntryId: z.uuid().nullable(),
  title: z.string(),
  category: z.string(),
  priority: z.enum(VOICE_NOTE_PRIORITIES),
  audioUrl: z.string(),
  audioFormat: z.string(),
  mimeType: z.string(),
  duration: z.number(),
  fileSize: z.int(),
  transcription: z.string().nullable(),
  tags: z.array(z.string()),
  isPrivate: z.boolean(),
  revision: z.string(),
  createdAt: z.string(),
  author: z.strictObject({ firstName: z.string(), lastName: z.string() }).nullable(),
});

export type VoiceNoteViewSchemaMatches = Expect<Same<z.infer<typeof voiceNoteViewSchema>, VoiceNoteView>>;
