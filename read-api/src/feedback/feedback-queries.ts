import type { Kysely, Selectable } from 'kysely';
import type { FeedbackStatus, FeedbackView } from '@care/events';
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
        : { firstName: row.user_first_name ?? '', lastName: row.user_last_name ?? '', email: row.user_email, role: row.user_role },
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
  async list(status: FeedbackStatus | undefined, page: Page): Promise<{ rows: FeedbackView[]; total: number }> {
    let query = this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('feedback').selectAll();
    if (status !== undefined) query = query.where('status', '=', status);
    const [rows, total] = await Promise.all([pageOf(query.orderBy('created_at', 'desc').orderBy('id', 'desc'), page), countOf(query)]);
    return { rows: rows.map(toView), total };
  }
}
