import type { EventOf } from '../event-definition';

/** Every event of this slice (stub: the slice fills it in). */
export const feedbackSliceEvents = [] as const;
export type FeedbackSliceEvent = EventOf<typeof feedbackSliceEvents>;
