import { EXPIRING_SOON_DAYS, REQUIRED_TRAINING_COUNT, type TrainingStatus, type TrainingType } from '../enums';
import { addDays } from '../dates';
import type { ComplianceRating } from './training-view';

/** Readable names for the training types, as the training screen shows them. */
export const TRAINING_TYPE_LABELS: Record<TrainingType, string> = {
  cpr: 'CPR',
  first_aid: 'First Aid',
  medication: 'Medication',
  safeguarding: 'Safeguarding',
  manual_handling: 'Manual Handling',
  food_safety: 'Food Safety',
  infection_control: 'Infection Control',
  dementia_care: 'Dementia Care',
  mental_health: 'Mental Health',
  other: 'Other',
};

export const TRAINING_STATUS_LABELS: Record<TrainingStatus, string> = {
  current: 'Current',
  expiring_soon: 'Expiring soon',
  expired: 'Expired',
  pending: 'Pending',
};

/** The tabs of the training screen, in order. */
export const TRAINING_TABS = ['all', 'current', 'expiring', 'expired', 'pending'] as const;
export type TrainingTab = (typeof TRAINING_TABS)[number];
export const TRAINING_TAB_LABELS: Record<TrainingTab, string> = {
  all: 'All',
  current: 'Current',
  expiring: 'Expiring Soon',
  expired: 'Expired',
  pending: 'Pending',
};

interface DatedRecord {
  readonly status: TrainingStatus;
  readonly expiryDate: string | null;
}

/**
 * The tab filters, as the training screen states them. They overlap on purpose: a record marked current whose
 * expiry has passed is under Current (by its status) and under Expired (by its date), so nobody misses it.
 * Dates compare as YYYY-MM-DD text, which orders like the calendar.
 */
export function inTrainingTab(tab: TrainingTab, record: DatedRecord, today: string): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'current':
      return record.status === 'current';
    case 'expiring':
      return (
        record.expiryDate !== null &&
        record.expiryDate >= today &&
        record.expiryDate <= addDays(today, EXPIRING_SOON_DAYS)
      );
    case 'expired':
      return record.status === 'expired' || (record.expiryDate !== null && record.expiryDate < today);
    case 'pending':
      return record.status === 'pending';
  }
}

/**
 * What the list shows as the record's state today: the stored status, unless the dates say more (an expiry
 * that has passed is Expired, one within the window is Expiring Soon), so a badge never says "Current" on an
 * out-of-date certificate.
 */
export function effectiveTrainingStatus(record: DatedRecord, today: string): TrainingStatus {
  if (record.status === 'pending' || record.status === 'expired') return record.status;
  if (record.expiryDate !== null && record.expiryDate < today) return 'expired';
  if (inTrainingTab('expiring', record, today)) return 'expiring_soon';
  return record.status;
}

/**
 * Compliance counts a record only while it is valid: status current and not past its expiry (a certificate is
 * valid through its expiry day).
 */
export function countsTowardsCompliance(record: DatedRecord, today: string): boolean {
  return record.status === 'current' && (record.expiryDate === null || record.expiryDate >= today);
}

/**
 * Training compliance: the required types with a current record, out of 8, as a whole percentage (capped at
 * 100). `currentCount` counts distinct required types: nine records of one type are 1 of 8, "other" never counts.
 */
export function compliancePercent(currentCount: number, required: number = REQUIRED_TRAINING_COUNT): number {
  return Math.min(100, Math.round((currentCount / required) * 100));
}

/** Rated from the percentage as displayed, so "90%" is never shown as merely "Good". */
export function complianceRating(percent: number): ComplianceRating {
  if (percent >= 90) return 'Excellent';
  if (percent >= 70) return 'Good';
  return 'Needs Attention';
}
