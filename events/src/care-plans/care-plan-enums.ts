/**
 * Care plans. Statuses as the Care Planner shows them; the risk areas are the ratings UK agencies
 * keep in a care plan's risk assessment (falls, moving and handling, skin integrity, nutrition and hydration,
 * medication, environment), each low, medium or high.
 */
export const CARE_PLAN_STATUSES = ['active', 'under_review', 'inactive'] as const;
export type CarePlanStatus = (typeof CARE_PLAN_STATUSES)[number];

export const RISK_AREAS = [
  'falls',
  'moving_handling',
  'skin_integrity',
  'nutrition_hydration',
  'medication',
  'environment',
] as const;
export type RiskArea = (typeof RISK_AREAS)[number];
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** How the client or their representative gave consent to a version of the plan. */
export const CONSENT_METHODS = ['in_person', 'phone', 'video', 'written'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const REVIEW_OUTCOMES = ['no_change', 'updated'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** What kind of care a template is a starting point for. */
export const CARE_PLAN_TEMPLATE_KINDS = ['personal_care', 'dementia', 'reablement', 'end_of_life', 'other'] as const;
export type CarePlanTemplateKind = (typeof CARE_PLAN_TEMPLATE_KINDS)[number];

/** A review due within this many days is "due for review" on the Care Planner and raises a medium alert. */
export const CARE_PLAN_REVIEW_DUE_DAYS = 30;
