import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { foldFamilyConcern, type FamilyConcernRecorded, type FamilyConcernRow } from './family-concern-record';
import { familyConcernsSchema } from './family-concerns-schema';

const EVENTS = new Set(['FamilyConcernRaised', 'FamilyConcernAnswered']);

/**
 * Family members' concerns and compliments with the office's replies (table family_concerns): the family member's
 * "Your messages", the office's list, the welfare tile's open concerns and the family-concern alert's facts.
 */
export const familyConcernsProjection: Projection = {
  name: 'family_concerns',
  version: 1,
  tables: ['family_concerns'],
  schema: familyConcernsSchema,
  handles: (type) => EVENTS.has(type),
  async apply(db, events) {
    const ours = events.filter((event: RecordedEvent): event is FamilyConcernRecorded => EVENTS.has(event.type));
    if (ours.length === 0) return;
    const ids = [...new Set(ours.map((event) => event.data.concernId))];
    const existing = await db.selectFrom('family_concerns').selectAll().where('id', 'in', ids).execute();
    const rows = new Map<string, FamilyConcernRow | undefined>(
      existing.map((row) => [
        row.id,
        { ...row, raised_at: row.raised_at.toISOString(), replied_at: row.replied_at?.toISOString() ?? null },
      ]),
    );
    for (const event of ours) rows.set(event.data.concernId, foldFamilyConcern(rows.get(event.data.concernId), event));
    const changed = [...rows.values()].filter((row): row is FamilyConcernRow => row !== undefined);
    if (changed.length === 0) return;
    await db
      .insertInto('family_concerns')
      .values(changed)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          reply: eb.ref('excluded.reply'),
          replied_at: eb.ref('excluded.replied_at'),
          replied_by: eb.ref('excluded.replied_by'),
          revision: eb.ref('excluded.revision'),
        })),
      )
      .execute();
  },
};
