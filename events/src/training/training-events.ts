import type { EventOf } from '../event-definition';

/** Every event of this slice (stub: the slice fills it in). */
export const trainingSliceEvents = [] as const;
export type TrainingSliceEvent = EventOf<typeof trainingSliceEvents>;
