import type { Projection } from '../projection';

/** Stub: the slice's projection. */
export const voiceNotesProjection: Projection = {
  name: 'voice_notes',
  handles: () => false,
  async apply() {},
};
