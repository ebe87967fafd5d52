import type { RecordedEvent } from '@care/events';
import type { Projection } from '../projection';
import { familyAccessSchema } from './family-access-schema';
import { foldFamilyAccess, type FamilyAccessRecorded, type FamilyAccessRow } from './family-access-record';

const EVENTS = new Set(['FamilyMemberInvited', 'FamilyInvitationAccepted', 'FamilyAccessWithdrawn']);

/**
 * Who has access to which client's family portal (table family_access): the office's list on a client's record and
 * the scope of every family read. Each batch reads the rows it touches, folds them in memory and writes each once.
 */
export const familyAccessProjection: Projection = {
  name: 'family_access',
  version: 1,
  tables: ['family_access'],
  schema: familyAccessSchema,
  handles: (type) => EVENTS.has(type),
  async apply(db, events) {
    const ours = events.filter((event: RecordedEvent): event is FamilyAccessRecorded => EVENTS.has(event.type));
    if (ours.length === 0) return;
    const ids = [...new Set(ours.map((event) => event.data.accessId))];
    const existing = await db.selectFrom('family_access').selectAll().where('access_id', 'in', ids).execute();
    const rows = new Map<string, FamilyAccessRow | undefined>(
      existing.map((row) => [
        row.access_id,
        {
          ...row,
          invited_at: row.invited_at.toISOString(),
          accepted_at: row.accepted_at?.toISOString() ?? null,
          withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
        },
      ]),
    );
    for (const event of ours) rows.set(event.data.accessId, foldFamilyAccess(rows.get(event.data.accessId), event));
    const changed = [...rows.values()].filter((row): row is FamilyAccessRow => row !== undefined);
    if (changed.length === 0) return;
    await db
      .insertInto('family_access')
      .values(changed)
      .onConflict((oc) =>
        oc.column('access_id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          accepted_at: eb.ref('excluded.accepted_at'),
          withdrawn_at: eb.ref('excluded.withdrawn_at'),
          withdrawn_reason: eb.ref('excluded.withdrawn_reason'),
        })),
      )
      .execute();
  },
};
