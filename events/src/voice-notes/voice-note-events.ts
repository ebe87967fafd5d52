import type { EventOf } from '../event-definition';

/** Every event of this slice (stub: the slice fills it in). */
export const voiceNoteSliceEvents = [] as const;
export type VoiceNoteSliceEvent = EventOf<typeof voiceNoteSliceEvents>;
