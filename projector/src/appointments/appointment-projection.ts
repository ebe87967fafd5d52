import type { Projection } from '../projection';

/** STUB (issue 5): replaced by the appointments slice. */
export const appointmentsProjection: Projection = {
  name: 'appointments',
  handles: () => false,
  async apply() {},
};
