import type { Projection } from '../projection';

/** STUB (issue 5): replaced by the shifts slice. */
export const shiftsProjection: Projection = {
  name: 'shifts',
  handles: () => false,
  async apply() {},
};
