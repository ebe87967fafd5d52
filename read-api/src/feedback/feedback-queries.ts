import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import {
  FEEDBACK_STATUSES,
  type FeedbackSort,
  type FeedbackStatus,
  type FeedbackView,
  type ListOrder,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

type FeedbackRow = Selectable<ReadModelDatabase['feedback']>;

function toView(row: FeedbackRow): FeedbackView {
  return {
    id: row.id,
    userId: row.user_id,
    user:
      row.user_email === null || row.user_role === null
        ? null
        : {
            firstName: row.user_first_name ?? '',
            lastName: row.user_last_name ?? '',
            email: row.user_email,
            role: row.user_role,
          },
    type: row.type,
    category: row.category,
    message: row.message,
    rating: row.rating,
    page: row.page,
    status: row.status,
    adminNotes: row.admin_notes,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export class FeedbackQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  /** One page, newest first, and how many match; `status` keeps only feedback in that status. */
  async list(
    status: FeedbackStatus | undefined,
    order: ListOrder<FeedbackSort>,
    page: Page,
  ): Promise<{ rows: FeedbackView[]; total: number }> {
    let query = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('feedback').selectAll();
    if (status !== undefined) query = query.where('status', '=', status);
    const [rows, total] = await Promise.all([pageOf(ordered(query, order), page), countOf(query)]);
    return { rows: rows.map(toView), total };
  }
}

/**
 * The whole list in the order asked, then newest first and by id, so pages never overlap or skip. A sender is
 * sorted by surname (feedback from a removed account last either way); a status by its place in the workflow.
 */
function ordered<O>(
  query: SelectQueryBuilder<ReadModelDatabase, 'feedback', O>,
  { sort, direction }: ListOrder<FeedbackSort>,
) {
  const newest = (q: SelectQueryBuilder<ReadModelDatabase, 'feedback', O>) =>
    q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  switch (sort) {
    case 'date':
      return query.orderBy('created_at', direction).orderBy('id', direction);
    case 'from':
      return newest(
        query
          .orderBy(sql`lower(user_last_name) ${sql.raw(direction)} nulls last`)
          .orderBy(sql`lower(user_first_name) ${sql.raw(direction)} nulls last`),
      );
    case 'status':
      return newest(
        query.orderBy(sql`array_position(${sql.val([...FEEDBACK_STATUSES])}::text[], status) ${sql.raw(direction)}`),
      );
  }
}
