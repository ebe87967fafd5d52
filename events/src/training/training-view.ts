import type { TrainingStatus, TrainingType } from '../enums';

/** The carer a training record belongs to, as the list shows them. */
export interface TrainingCarerView {
  id: string;
  employeeId: string;
  user: { firstName: string; lastName: string };
}

/** The JSON shape of GET /api/training items: the read API's reply, the UI's input. */
export interface TrainingView {
  id: string;
  carerId: string;
  /**
   * Always present: records of a removed carer leave the lists with their carer (their streams stay, care
   * records are legal records), so a departed carer's old certificates do not fill the Expired tab.
   */
  carer: TrainingCarerView;
  trainingType: TrainingType;
  trainingProvider: string | null;
  /** YYYY-MM-DD. */
  completedDate: string;
  expiryDate: string | null;
  certificateNumber: string | null;
  status: TrainingStatus;
  documentUrl: string | null;
  notes: string | null;
  /** Stream revision: send it back as If-Match to refuse a concurrent edit. */
  revision: string;
  createdAt: string;
  updatedAt: string;
}

export type ComplianceRating = 'Excellent' | 'Good' | 'Needs Attention';

/** GET /api/training/compliance items: one per carer. */
export interface TrainingComplianceView {
  carerId: string;
  carerName: string;
  /**
   * Required training types (REQUIRED_TRAINING_TYPES) with at least one record of status current that has not
   * expired (no expiry date, or expiring today or later): distinct types, so at most 8.
   */
  currentCount: number;
  required: number;
  /** currentCount / required as a whole percentage, at most 100. */
  compliancePercent: number;
  rating: ComplianceRating;
}
