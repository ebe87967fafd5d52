import type { EventOf } from '../event-definition';

/** Every event of this slice (stub: the slice fills it in). */
export const diarySliceEvents = [] as const;
export type DiarySliceEvent = EventOf<typeof diarySliceEvents>;
