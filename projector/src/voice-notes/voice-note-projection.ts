import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { voiceNotesSchema } from './voice-note-schema';

type VoiceNoteChange = Extract<RecordedEvent, { type: 'VoiceNoteRecorded' | 'VoiceNoteRemoved' }>;

const VOICE_NOTE_EVENTS = new Set(['VoiceNoteRecorded', 'VoiceNoteRemoved']);

/** The voice-note list (GET /api/voice-notes). A removed note leaves the list; its stream and audio stay. */
export const voiceNotesProjection: Projection = {
  name: 'voice_notes',
  version: 1,
  tables: ['voice_notes'],
  schema: voiceNotesSchema,
  handles: (type) => VOICE_NOTE_EVENTS.has(type),
  async apply(db, events) {
    for (const event of events as VoiceNoteChange[]) {
      if (event.type === 'VoiceNoteRemoved') {
        await db.deleteFrom('voice_notes').where('id', '=', event.data.id).execute();
        continue;
      }
      const note = event.data;
      await db
        .insertInto('voice_notes')
        .values({
          id: note.id,
          user_id: note.userId,
          client_id: note.clientId,
          carer_id: note.carerId,
          appointment_id: note.appointmentId,
          diary_entry_id: note.diaryEntryId,
          title: note.title,
          category: note.category,
          priority: note.priority,
          audio_url: note.audioUrl,
          audio_format: note.audioFormat,
          mime_type: note.mimeType,
          duration: note.duration,
          file_size: note.fileSize,
          transcription: note.transcription,
          tags: JSON.stringify(note.tags),
          is_private: note.isPrivate,
          revision: event.revision,
          created_at: event.metadata.occurredAt,
        })
        .execute();
    }
  },
};
