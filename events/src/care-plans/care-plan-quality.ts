import { RISK_AREAS } from './care-plan-enums';
import type { CarePlanContent } from './care-plan-events';

/**
 * Avg Plan Quality: a plan's score is the share of these checks it meets, "required sections filled,
 * agreed and in date". One function, used by the read API (scores, the Quality Metrics tab) and stated on the
 * screen in QUALITY_RULE_TEXT, so the number and its explanation cannot drift apart.
 */
export const QUALITY_CHECKS = [
  { key: 'description', label: 'Description' },
  { key: 'objectives', label: 'Objectives' },
  { key: 'interventions', label: 'Interventions' },
  { key: 'goals', label: 'Goals' },
  { key: 'riskAssessment', label: 'All six risks rated' },
  { key: 'emergencyContacts', label: 'An emergency contact' },
  { key: 'visitTasks', label: 'Tasks for visits' },
  { key: 'agreed', label: 'Current version agreed' },
  { key: 'inDate', label: 'Review date not passed' },
] as const;
export type QualityCheck = (typeof QUALITY_CHECKS)[number]['key'];

export const QUALITY_RULE_TEXT =
  'Plan quality is the share of 9 checks a plan meets: a description, objectives, interventions, goals, all six risks rated, ' +
  'an emergency contact, tasks for visits, the current version agreed by the client or their representative, and a review date not passed. ' +
  'Avg Plan Quality is the mean over plans in use (active or under review).';

export interface QualityInput {
  readonly content: Pick<
    CarePlanContent,
    'description' | 'objectives' | 'interventions' | 'goals' | 'riskAssessment' | 'emergencyContacts' | 'visitTasks'
  >;
  readonly version: number;
  readonly agreedVersion: number | null;
  /** YYYY-MM-DD */
  readonly reviewDate: string;
}

export interface QualityScore {
  /** 0 to 100, whole percent. */
  readonly score: number;
  /** The labels of the checks it fails, in QUALITY_CHECKS order. */
  readonly missing: string[];
}

export function planQuality(plan: QualityInput, today: string): QualityScore {
  const { content } = plan;
  const meets: Record<QualityCheck, boolean> = {
    description: content.description.trim() !== '',
    objectives: content.objectives.length > 0,
    interventions: content.interventions.length > 0,
    goals: content.goals.length > 0,
    riskAssessment: RISK_AREAS.every((area) => content.riskAssessment.some((rating) => rating.area === area)),
    emergencyContacts: content.emergencyContacts.length > 0,
    visitTasks: content.visitTasks.some((list) => list.tasks.length > 0),
    agreed: plan.agreedVersion === plan.version,
    inDate: plan.reviewDate >= today,
  };
  const missing = QUALITY_CHECKS.filter((check) => !meets[check.key]).map((check) => check.label);
  return { score: Math.round((100 * (QUALITY_CHECKS.length - missing.length)) / QUALITY_CHECKS.length), missing };
}

/** A client is high risk when any current rating of their plan is high. */
export const isHighRisk = (content: Pick<CarePlanContent, 'riskAssessment'>): boolean =>
  content.riskAssessment.some((rating) => rating.level === 'high');
