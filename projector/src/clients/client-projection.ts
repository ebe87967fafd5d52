import type { Projection } from '../projection';

/** Stub: the slice's projection. */
export const clientsProjection: Projection = {
  name: 'clients',
  handles: () => false,
  async apply() {},
};
