import type { Kysely } from 'kysely';
import { BUILT_IN_MAR_KEY, type MarKeyEntryView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** The MAR chart's key: the built-in codes, then the agency's own in the order they were added (withdrawn ones too). */
export async function readMarKey(db: Kysely<ReadModelDatabase>): Promise<MarKeyEntryView[]> {
  const added = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('mar_codes')
    .selectAll()
    .orderBy('added_at')
    .orderBy('code')
    .execute();
  return [
    ...BUILT_IN_MAR_KEY.map(({ code, label, status, needsReason, builtIn, withdrawn }) => ({
      code,
      label,
      status,
      needsReason,
      builtIn,
      withdrawn,
    })),
    ...added.map((row) => ({
      code: row.code,
      label: row.label,
      status: row.status,
      needsReason: row.needs_reason,
      builtIn: false,
      withdrawn: row.withdrawn,
    })),
  ];
}
