import type { Kysely, Selectable } from 'kysely';
import type { FamilyConcernView, FamilyRelationship, OfficeFamilyConcernView } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

type ConcernRow = Selectable<ReadModelDatabase['family_concerns']>;

function familyView(row: ConcernRow): FamilyConcernView {
  return {
    id: row.id,
    clientId: row.client_id,
    kind: row.kind,
    appointmentId: row.appointment_id,
    text: row.text,
    raisedAt: row.raised_at.toISOString(),
    reply: row.reply,
    repliedAt: row.replied_at?.toISOString() ?? null,
  };
}

/** Filters of the office's list. */
export interface OfficeConcernFilter {
  /** Only the open concerns (kind concern, not yet answered): the welfare items. */
  readonly open: boolean;
  readonly clientId?: string | undefined;
}

/** Family messages (read_model.family_concerns), newest first, for the family member who wrote them and for the office. */
export class FamilyConcernQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /** One family member's own messages about one client, with the office's replies. */
  async ofFamilyMember(userId: string, clientId: string, page: Page) {
    const query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('family_concerns as c')
      .selectAll('c')
      .where('c.user_id', '=', userId)
      .where('c.client_id', '=', clientId);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('c.raised_at', 'desc').orderBy('c.id', 'desc'), page),
      countOf(query),
    ]);
    return { rows: rows.map(familyView), total };
  }

  /**
   * The office's list: who wrote each message (their name and relationship from their latest access to the
   * client) and the client's name. Open concerns only when `open`: the welfare items the dashboard tile counts.
   */
  async forOffice(
    filter: OfficeConcernFilter,
    page: Page,
  ): Promise<{ rows: OfficeFamilyConcernView[]; total: number }> {
    let query = this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('family_concerns as c')
      .innerJoin('clients as cl', 'cl.id', 'c.client_id')
      .selectAll('c')
      .select(['cl.first_name as client_first_name', 'cl.last_name as client_last_name'])
      .select((eb) => [
        eb
          .selectFrom('family_access as f')
          .select('f.name')
          .whereRef('f.user_id', '=', 'c.user_id')
          .whereRef('f.client_id', '=', 'c.client_id')
          .orderBy('f.invited_at', 'desc')
          .limit(1)
          .as('author_name'),
        eb
          .selectFrom('family_access as f')
          .select('f.relationship')
          .whereRef('f.user_id', '=', 'c.user_id')
          .whereRef('f.client_id', '=', 'c.client_id')
          .orderBy('f.invited_at', 'desc')
          .limit(1)
          .as('author_relationship'),
      ]);
    if (filter.open) query = query.where('c.kind', '=', 'concern').where('c.replied_at', 'is', null);
    if (filter.clientId !== undefined) query = query.where('c.client_id', '=', filter.clientId);
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('c.raised_at', 'desc').orderBy('c.id', 'desc'), page),
      countOf(query),
    ]);
    return {
      rows: rows.map((row) => ({
        ...familyView(row),
        client: { firstName: row.client_first_name, lastName: row.client_last_name },
        raisedBy: {
          userId: row.user_id,
          name: row.author_name ?? null,
          relationship: (row.author_relationship ?? null) as FamilyRelationship | null,
        },
        repliedBy: row.replied_by,
        revision: String(row.revision),
      })),
      total,
    };
  }
}

/** How many concerns wait for the office's reply: added to the welfare tile's count. */
export async function openFamilyConcernCount(db: Kysely<ReadModelDatabase>): Promise<number> {
  return countOf(
    db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('family_concerns as c')
      .select('c.id')
      .where('c.kind', '=', 'concern')
      .where('c.replied_at', 'is', null),
  );
}
