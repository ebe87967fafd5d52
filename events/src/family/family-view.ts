import type { FamilyAccessStatus, FamilyRelationship } from './family-events';

/** One row of GET /api/clients/:id/family: who has (or had) access to the client's family portal. */
export interface FamilyAccessView {
  readonly accessId: string;
  readonly userId: string;
  readonly clientId: string;
  readonly email: string;
  readonly name: string;
  readonly relationship: FamilyRelationship;
  readonly status: FamilyAccessStatus;
  readonly shareMedications: boolean;
  readonly invitedAt: string;
  readonly invitedBy: string | null;
  readonly acceptedAt: string | null;
  readonly withdrawnAt: string | null;
  readonly withdrawnReason: string | null;
}
