import type { ColumnType } from 'kysely';
import type { FamilyConcernKind } from '@care/events';

/**
 * One concern or compliment a family member sent, with the office's reply (docs/features/family-concerns.md).
 * An open concern (kind 'concern', no reply yet) is a welfare item and raises the family-concern alert.
 */
export interface FamilyConcernsTable {
  id: string;
  client_id: string;
  /** The family account that wrote it (the event's metadata userId). */
  user_id: string;
  kind: FamilyConcernKind;
  appointment_id: string | null;
  text: string;
  raised_at: ColumnType<Date, string, string>;
  reply: string | null;
  replied_at: ColumnType<Date | null, string | null, string | null>;
  replied_by: string | null;
  revision: ColumnType<string, string | number | bigint, string | number | bigint>;
}

export interface FamilyConcernTables {
  family_concerns: FamilyConcernsTable;
}
