import {
  CARE_PLAN_STATUS_LABELS,
  RISK_AREA_LABELS,
  RISK_AREAS,
  RISK_LEVEL_LABELS,
  type CarePlanStatus,
  type CarePlanView,
  type RiskLevel,
} from '@care/events';
import { formatDate } from '../../shared/format';

/** A plan's card stays short enough to scan: at most 3 objectives, 2 medications and 2 contacts. */
export const CARD_LIMITS = { objectives: 3, medications: 2, contacts: 2 } as const;

export function firstOf<T>(items: readonly T[], limit: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) };
}

export const statusLabel = (status: CarePlanStatus): string => CARE_PLAN_STATUS_LABELS[status];
export const statusClass = (status: CarePlanStatus): string => `badge care-plan-status care-plan-status-${status}`;
export const riskClass = (level: RiskLevel): string => `badge risk-${level}`;

/** "Review 10/12/2026 (in 17 days)", "(overdue by 3 days)", "(today)". */
export function reviewText(plan: Pick<CarePlanView, 'reviewDate' | 'reviewInDays'>): string {
  const days = plan.reviewInDays;
  const when =
    days === 0
      ? 'today'
      : days > 0
        ? `in ${days} day${days === 1 ? '' : 's'}`
        : `overdue by ${-days} day${days === -1 ? '' : 's'}`;
  return `${formatDate(plan.reviewDate)} (${when})`;
}

/** The risk assessment as a person reads it: each area rated, or "Not assessed". */
export function riskRows(
  plan: Pick<CarePlanView, 'riskAssessment'>,
): { area: string; level: RiskLevel | null; label: string; notes: string | null }[] {
  return RISK_AREAS.map((area) => {
    const rating = plan.riskAssessment.find((entry) => entry.area === area);
    return {
      area: RISK_AREA_LABELS[area],
      level: rating?.level ?? null,
      label: rating ? RISK_LEVEL_LABELS[rating.level] : 'Not assessed',
      notes: rating?.notes ?? null,
    };
  });
}
