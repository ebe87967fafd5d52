import type { DiaryEntryType, DiaryPriority } from '../enums';

/** The JSON shape of GET /api/diary items and GET /api/diary/:id: the read API's reply, the UI's input. */
export interface DiaryEntryView {
  id: string;
  carerId: string;
  clientId: string;
  appointmentId: string | null;
  /** ISO instant (UTC). */
  entryDate: string;
  entryType: DiaryEntryType;
  title: string;
  content: string;
  priority: DiaryPriority;
  tags: string[];
  isConfidential: boolean;
  reviewedBy: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  /** Who wrote the entry: they may amend it, and see it when it is confidential. */
  authorUserId: string;
  /** True once any amendment was recorded: GET /api/diary/:id/history shows every version. */
  amended: boolean;
  /** Stream revision: send it back as If-Match to refuse a concurrent change. */
  revision: string;
  createdAt: string;
  updatedAt: string;
  client: { firstName: string; lastName: string };
  carer: { user: { firstName: string; lastName: string } };
}

export type DiaryFieldValue = string | boolean | string[] | null;

/** One field of one version: its value before (null when the entry was created) and after. */
export interface DiaryFieldChange {
  field: string;
  from: DiaryFieldValue;
  to: DiaryFieldValue;
}

/** GET /api/diary/:id/history items, oldest first: who did what to the entry, when. */
export interface DiaryEntryVersionView {
  revision: string;
  action: 'created' | 'amended' | 'reviewed';
  userId: string;
  /** The user's current name (null when the account is unknown to the read model). */
  userName: string | null;
  occurredAt: string;
  changes: DiaryFieldChange[];
  reason: string | null;
}
