import type { Projection } from '../projection';

/** Stub: the slice's projection. */
export const feedbackProjection: Projection = {
  name: 'feedback',
  handles: () => false,
  async apply() {},
};
