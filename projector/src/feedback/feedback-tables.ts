import type { ColumnType } from 'kysely';
import type { FeedbackCategory, FeedbackStatus, FeedbackType, Role } from '@care/events';

/**
 * Feedback from the widget (admin panel, Feedback tab). The sender's name, email and role are copied from the
 * users read model when the feedback is projected, and the name follows later profile changes.
 */
export interface FeedbackTable {
  id: string;
  /** The event metadata's userId (text: the log's metadata does not promise a uuid). */
  user_id: string;
  user_first_name: string | null;
  user_last_name: string | null;
  user_email: string | null;
  user_role: Role | null;
  type: FeedbackType;
  category: FeedbackCategory;
  message: string;
  rating: number | null;
  page: string;
  status: FeedbackStatus;
  admin_notes: string | null;
  /** Stream revision, for If-Match on the next edit. */
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
}
