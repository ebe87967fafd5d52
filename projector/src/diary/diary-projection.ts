import type { Projection } from '../projection';

/** Stub: the slice's projection. */
export const diaryProjection: Projection = {
  name: 'diary',
  handles: () => false,
  async apply() {},
};
