import { VOICE_NOTE_AUDIO_FIELD } from '@care/events';
import { z } from 'zod';

/**
 * A voice note as the outbox keeps it: the form's text fields and the recording itself (IndexedDB stores a Blob as
 * it is). The upload is multipart and streams, so the server takes no Idempotency-Key for it: its exactly-once comes
 * from the note's own id, which is the record's id, sent as the form's `id` field.
 */
export const voiceNoteBodySchema = z.object({
  fields: z.record(z.string(), z.string()),
  audio: z.instanceof(Blob),
  fileName: z.string().min(1),
});

export type VoiceNoteBody = z.infer<typeof voiceNoteBodySchema>;

/** The multipart form the voice-note upload takes, under the record's id. */
export function voiceNoteForm(body: VoiceNoteBody, id: string): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(body.fields)) form.append(field, value);
  form.set('id', id);
  form.append(VOICE_NOTE_AUDIO_FIELD, body.audio, body.fileName);
  return form;
}

/**
 * What the office is told of a refused voice note: its fields as written, and the recording named by its size and
 * type (the report is JSON, and the recording is the one part the office cannot use from an alert).
 */
export function describeVoiceNote(body: unknown): unknown {
  const parsed = voiceNoteBodySchema.safeParse(body);
  if (!parsed.success) return body ?? null;
  const { fields, audio, fileName } = parsed.data;
  return { ...fields, recording: { fileName, size: audio.size, type: audio.type } };
}
