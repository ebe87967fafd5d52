import type { DiaryEntryType, DiaryPriority } from '@care/events';

/**
 * A welfare concern (the dashboard tile, GET /api/diary?welfare=true; docs/features/alerts.md, "Welfare Concerns"): a diary entry nobody has
 * reviewed yet, of type incident or observation, with priority high or urgent.
 */
export const WELFARE_TYPES = ['incident', 'observation'] as const satisfies readonly DiaryEntryType[];
export const WELFARE_PRIORITIES = ['high', 'urgent'] as const satisfies readonly DiaryPriority[];
