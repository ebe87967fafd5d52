import type { Kysely, Selectable } from 'kysely';
import type { FamilyAccessView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

type FamilyAccessRow = Selectable<ReadModelDatabase['family_access']>;

function toView(row: FamilyAccessRow): FamilyAccessView {
  return {
    accessId: row.access_id,
    userId: row.user_id,
    clientId: row.client_id,
    email: row.email,
    name: row.name,
    relationship: row.relationship,
    status: row.status,
    shareMedications: row.share_medications,
    invitedAt: row.invited_at.toISOString(),
    invitedBy: row.invited_by,
    acceptedAt: row.accepted_at?.toISOString() ?? null,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    withdrawnReason: row.withdrawn_reason,
  };
}

/** The office's list of a client's family accesses (read_model.family_access). */
export class FamilyAccessQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  async clientExists(clientId: string): Promise<boolean> {
    const row = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('clients')
      .select('id')
      .where('id', '=', clientId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Newest invitation first, withdrawn ones kept (the office sees who had access and when it ended). */
  async listForClient(clientId: string, page: Page): Promise<{ rows: FamilyAccessView[]; total: number }> {
    const filtered = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('family_access')
      .where('client_id', '=', clientId);
    const [rows, total] = await Promise.all([
      pageOf(filtered.selectAll().orderBy('invited_at', 'desc').orderBy('access_id'), page),
      countOf(filtered.selectAll()),
    ]);
    return { rows: rows.map(toView), total };
  }
}
