import type { FeedbackCategory, FeedbackStatus, FeedbackType, Role } from '../enums';

/** GET /api/feedback items (administrators), newest first. */
export interface FeedbackView {
  id: string;
  userId: string;
  /** Who sent it, as the accounts list knows them; null if the account is unknown to the read model. */
  user: { firstName: string; lastName: string; email: string; role: Role } | null;
  type: FeedbackType;
  category: FeedbackCategory;
  message: string;
  /** 1 to 5, only for positive feedback. */
  rating: number | null;
  /** The path the user was on when they sent it. */
  page: string;
  status: FeedbackStatus;
  adminNotes: string | null;
  /** Stream revision: send it back as If-Match to refuse a concurrent edit. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}
