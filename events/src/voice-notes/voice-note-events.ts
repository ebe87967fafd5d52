import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventInteger, eventText, eventTextList } from '../event-fields';
import { LIST_LIMITS, TEXT_LIMITS } from '../limits';
import { VOICE_NOTE_MAX_BYTES, VOICE_NOTE_MAX_SECONDS, VOICE_NOTE_PRIORITIES } from './voice-note-limits';

/**
 * A recording was uploaded and kept. The audio itself is in
 * `media.audio` under the same id; the event holds what is needed to find it and to prove it unchanged
 * (size and SHA-256 of the bytes as received).
 */
export const VoiceNoteRecorded = defineEvent(
  'VoiceNoteRecorded',
  1,
  z.object({
    id: z.uuid(),
    /** The author: the signed-in user who recorded it. */
    userId: z.uuid(),
    clientId: z.uuid().nullable(),
    carerId: z.uuid().nullable(),
    appointmentId: z.uuid().nullable(),
    diaryEntryId: z.uuid().nullable(),
    title: eventText(TEXT_LIMITS.title),
    category: eventText(TEXT_LIMITS.voiceNoteCategory),
    priority: z.enum(VOICE_NOTE_PRIORITIES),
    audioUrl: eventText(TEXT_LIMITS.url),
    /** The container: webm, mp4, ogg, mpeg or wav. */
    audioFormat: eventText(TEXT_LIMITS.audioFormat),
    /** The media type as declared by the uploader and served back, e.g. "audio/webm;codecs=opus". */
    mimeType: eventText(TEXT_LIMITS.mediaType),
    /** Seconds, as measured by the recorder. */
    duration: eventInteger({ min: 1, max: VOICE_NOTE_MAX_SECONDS }),
    /** Bytes: the upload limit bounds it. */
    fileSize: eventInteger({ min: 1, max: VOICE_NOTE_MAX_BYTES }),
    sha256: z
      .string()
      .length(64)
      .regex(/^[0-9a-f]{64}$/),
    /** No transcription service yet: always null, kept so the shape matches the schema. */
    transcription: eventText(TEXT_LIMITS.transcription).nullable(),
    tags: eventTextList(LIST_LIMITS.voiceNoteTags, TEXT_LIMITS.tag),
    isPrivate: z.boolean(),
  }),
);

/** The note leaves every list and its audio is no longer served; the stream and the bytes stay (legal record). */
export const VoiceNoteRemoved = defineEvent('VoiceNoteRemoved', 1, z.object({ id: z.uuid() }));

/** Every event of this slice. */
export const voiceNoteSliceEvents = [VoiceNoteRecorded, VoiceNoteRemoved] as const;
export type VoiceNoteSliceEvent = EventOf<typeof voiceNoteSliceEvents>;
export type VoiceNoteEvent = VoiceNoteSliceEvent;
export type VoiceNoteRecordedData = Extract<VoiceNoteSliceEvent, { type: 'VoiceNoteRecorded' }>['data'];

export const voiceNoteStreamId = (voiceNoteId: string): string => `voice-note-${voiceNoteId}`;

/** Where the read API serves a note's audio. */
export const voiceNoteAudioUrl = (voiceNoteId: string): string => `/api/voice-notes/${voiceNoteId}/audio`;
