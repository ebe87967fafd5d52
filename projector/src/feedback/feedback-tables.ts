import type { ColumnType } from 'kysely';
import type { FeedbackCategory, FeedbackStatus, FeedbackType, Role } from '@care/events';

/**
 * Feedback from the widget (admin panel, Feedback tab). The sender's name, email and role are copied from the
 * projection's own copy of the accounts when the feedback is projected, and the name follows later profile changes.
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

/** The accounts feedback can come from: the feedback projection's own copy (it reads no other read model). */
export interface FeedbackSendersTable {
  /** Text like feedback.user_id: metadata user ids are not promised to be uuids. */
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
}

export interface FeedbackTables {
  feedback: FeedbackTable;
  feedback_senders: FeedbackSendersTable;
}
