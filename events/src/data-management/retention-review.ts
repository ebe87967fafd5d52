import { z } from 'zod';

/**
 * GET /api/admin/retention-review: the records whose retention period (the record retention setting: 5, 7 or 10
 * years) has ended, for an administrator to review. Read only: deleting care records is never automatic.
 * `since` is when the record became inactive or was deleted (its last change), an ISO instant.
 */
export interface RetentionReviewRow {
  kind: 'client' | 'carer';
  id: string;
  reference: string | null;
  name: string | null;
  status: 'inactive' | 'deleted';
  since: string;
}

/**
 * Medication records are kept at least 8 years after care ends, whatever the general record retention (CQC, NICE
 * NG67's records guidance): a client with any prescription is past retention only when both have passed.
 */
export const MEDICATION_RECORD_RETENTION_YEARS = 8;

export interface RetentionReviewView {
  years: number;
  /** The floor for clients with medication records (8). */
  medicationRetentionYears: number;
  /** Clients past the general retention but kept because they have medication records younger than 8 years. */
  heldForMedication: number;
  /** Records inactive or deleted before this instant are past their retention. */
  cutoff: string;
  rows: RetentionReviewRow[];
  total: number;
  /**
   * Whether deleted clients and carers are listed: they are found in the PostgreSQL event log only, so on
   * EventStoreDB the review lists the inactive ones and says so.
   */
  deletedRecordsListed: boolean;
}

export const retentionReviewViewSchema = z.strictObject({
  years: z.int().min(1),
  medicationRetentionYears: z.int().min(1),
  heldForMedication: z.int().min(0),
  cutoff: z.string(),
  rows: z.array(
    z.strictObject({
      kind: z.enum(['client', 'carer']),
      id: z.string(),
      reference: z.string().nullable(),
      name: z.string().nullable(),
      status: z.enum(['inactive', 'deleted']),
      since: z.string(),
    }),
  ),
  total: z.int().min(0),
  deletedRecordsListed: z.boolean(),
});
