import type { Kysely } from 'kysely';
import type { DiaryEntryType, DiaryPriority } from '@care/events';
import type { ReadModelDatabase } from '@care/projector';

/**
 * A welfare concern (the dashboard tile, GET /api/diary?welfare=true; docs/features/alerts.md, "Welfare Concerns"): a diary entry nobody has
 * reviewed yet, of type incident or observation, with priority high or urgent.
 */
export const WELFARE_TYPES = ['incident', 'observation'] as const satisfies readonly DiaryEntryType[];
export const WELFARE_PRIORITIES = ['high', 'urgent'] as const satisfies readonly DiaryPriority[];

/**
 * The other welfare items: concerns a family member raised that the office has not answered yet
 * (docs/features/family-concerns.md). They are their own list, not diary entries, and the tile counts both.
 */
export function openFamilyConcerns(db: Kysely<ReadModelDatabase>) {
  return db
    .selectFrom('family_concerns as fc')
    .select((eb) => eb.fn.countAll().as('open'))
    .where('fc.kind', '=', 'concern')
    .where('fc.replied_at', 'is', null);
}
