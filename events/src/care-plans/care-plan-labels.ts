import type { VisitType } from '../enums';
import type {
  CarePlanStatus,
  CarePlanTemplateKind,
  ConsentMethod,
  ReviewOutcome,
  RiskArea,
  RiskLevel,
} from './care-plan-enums';

export const CARE_PLAN_STATUS_LABELS: Record<CarePlanStatus, string> = {
  active: 'Active',
  under_review: 'Under review',
  inactive: 'Inactive',
};

export const RISK_AREA_LABELS: Record<RiskArea, string> = {
  falls: 'Falls',
  moving_handling: 'Moving and handling',
  skin_integrity: 'Skin integrity',
  nutrition_hydration: 'Nutrition and hydration',
  medication: 'Medication',
  environment: 'Environment',
};

export const RISK_LEVEL_LABELS: Record<RiskLevel, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const CONSENT_METHOD_LABELS: Record<ConsentMethod, string> = {
  in_person: 'In person',
  phone: 'By phone',
  video: 'By video call',
  written: 'In writing',
};

export const REVIEW_OUTCOME_LABELS: Record<ReviewOutcome, string> = { no_change: 'No change', updated: 'Plan updated' };

export const CARE_PLAN_TEMPLATE_KIND_LABELS: Record<CarePlanTemplateKind, string> = {
  personal_care: 'Personal care',
  dementia: 'Dementia',
  reablement: 'Reablement',
  end_of_life: 'End of life',
  other: 'Other',
};

export const VISIT_TYPE_TASK_LABELS: Record<VisitType, string> = {
  personal_care: 'Personal care',
  medication: 'Medication',
  companionship: 'Companionship',
  domestic: 'Domestic',
  transport: 'Transport',
};

/** The plan's content fields as a person reads them (the version diff's labels). */
export const CARE_PLAN_FIELD_LABELS = {
  title: 'Title',
  description: 'Description',
  objectives: 'Objectives',
  interventions: 'Interventions',
  goals: 'Goals',
  riskAssessment: 'Risk assessment',
  allergies: 'Allergies',
  medicalConditions: 'Medical conditions',
  emergencyContacts: 'Emergency contacts',
  visitTasks: 'Tasks per visit type',
} as const;
