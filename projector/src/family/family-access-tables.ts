import type { ColumnType } from 'kysely';
import type { FamilyAccessStatus, FamilyRelationship } from '@care/events';

/**
 * One person's access to one client's family portal (docs/features/family-portal.md). The family reads scope every
 * family request by the client_id of this user's rows whose status is 'active'.
 */
export interface FamilyAccessTable {
  access_id: string;
  user_id: string;
  client_id: string;
  email: string;
  name: string;
  relationship: FamilyRelationship;
  status: FamilyAccessStatus;
  share_medications: boolean;
  invited_at: ColumnType<Date, string, string>;
  accepted_at: ColumnType<Date | null, string | null, string | null>;
  withdrawn_at: ColumnType<Date | null, string | null, string | null>;
  /** Who invited (the invitation's metadata userId; text would be wrong: it is always a staff account's uuid). */
  invited_by: string | null;
  withdrawn_reason: string | null;
}

export interface FamilyTables {
  family_access: FamilyAccessTable;
}
