import type { VisitType } from '../enums';
import type {
  CarePlanStatus,
  CarePlanTemplateKind,
  ConsentMethod,
  ReviewOutcome,
  RiskArea,
  RiskLevel,
} from './care-plan-enums';
import type { CarePlanField } from './care-plan-events';

export interface RiskRatingView {
  area: RiskArea;
  level: RiskLevel;
  notes: string | null;
}
export interface EmergencyContactView {
  name: string;
  phone: string;
  relationship: string;
}
export interface VisitTasksView {
  visitType: VisitType;
  tasks: string[];
}
/** From the client's prescriptions (the medications feature), never a copy kept on the plan. */
export interface CarePlanMedicationView {
  name: string;
  dosage: string;
  frequency: string;
  instructions: string | null;
}

export interface CarePlanContentView {
  title: string;
  description: string;
  objectives: string[];
  interventions: string[];
  goals: string[];
  riskAssessment: RiskRatingView[];
  allergies: string[];
  medicalConditions: string[];
  emergencyContacts: EmergencyContactView[];
  visitTasks: VisitTasksView[];
}

export interface CarePlanAgreementView {
  version: number;
  agreedBy: string;
  relationship: string;
  method: ConsentMethod;
  /** YYYY-MM-DD */
  agreedOn: string;
  recordedByName: string | null;
  recordedAt: string;
}

/** GET /api/care-plans items: the plan as the Care Planner shows it, plus versions, agreement, risk and quality. */
export interface CarePlanView extends CarePlanContentView {
  id: string;
  clientId: string;
  clientName: string;
  medications: CarePlanMedicationView[];
  /** YYYY-MM-DD */
  reviewDate: string;
  /** Days from today (London) to the review date; negative when overdue. */
  reviewInDays: number;
  status: CarePlanStatus;
  createdByName: string | null;
  /** ISO instant of the last change of any kind. */
  lastUpdated: string;
  createdAt: string;
  version: number;
  /** The latest agreed version's consent; `agreed` says whether it is the current version. */
  agreement: CarePlanAgreementView | null;
  agreed: boolean;
  highRisk: boolean;
  quality: { score: number; missing: string[] };
  templateId: string | null;
  templateName: string | null;
  /** Stream revision: send it back as If-Match. */
  revision: string;
}

export interface CarePlanVersionView {
  version: number;
  content: CarePlanContentView;
  /** The fields this version changed (all of them for version 1). */
  changedFields: CarePlanField[];
  reason: string;
  byName: string | null;
  at: string;
  agreement: CarePlanAgreementView | null;
}

export interface CarePlanReviewView {
  reviewedOn: string;
  outcome: ReviewOutcome;
  version: number;
  notes: string | null;
  nextReviewDate: string;
  byName: string | null;
  at: string;
}

/** A line of the plan's history: every event, who and when. */
export interface CarePlanHistoryView {
  at: string;
  byName: string | null;
  summary: string;
}

/** GET /api/care-plans/:id */
export interface CarePlanDetailView extends CarePlanView {
  versions: CarePlanVersionView[];
  reviews: CarePlanReviewView[];
  history: CarePlanHistoryView[];
}

export interface CarePlanDiffView {
  from: number;
  to: number;
  changes: {
    field: CarePlanField;
    label: string;
    before: string[];
    after: string[];
    added: string[];
    removed: string[];
  }[];
}

/** GET /api/care-plans/stats: the screen's cards, over plans in use (active or under review). */
export interface CarePlanStats {
  active: number;
  dueForReview: number;
  overdue: number;
  highRiskClients: number;
  /** null when there is no plan in use. */
  avgQuality: number | null;
}

export interface CarePlanTemplateView {
  id: string;
  name: string;
  kind: CarePlanTemplateKind;
  title: string;
  description: string;
  objectives: string[];
  interventions: string[];
  goals: string[];
  visitTasks: VisitTasksView[];
  updatedByName: string | null;
  createdAt: string;
  updatedAt: string;
  revision: string;
}
