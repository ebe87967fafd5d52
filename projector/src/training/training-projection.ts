import type { Projection } from '../projection';

/** Stub: the slice's projection. */
export const trainingProjection: Projection = {
  name: 'training',
  handles: () => false,
  async apply() {},
};
