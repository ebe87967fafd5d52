import type { EventOf } from '../event-definition';

/** Every event of this slice (stub: the slice fills it in). */
export const clientSliceEvents = [] as const;
export type ClientSliceEvent = EventOf<typeof clientSliceEvents>;
