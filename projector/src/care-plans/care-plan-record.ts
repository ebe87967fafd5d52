import {
  CARE_PLAN_FIELD_LABELS,
  CARE_PLAN_FIELDS,
  CARE_PLAN_STATUS_LABELS,
  CONSENT_METHOD_LABELS,
  definedOnly,
  isHighRisk,
  planQuality,
  QUALITY_CHECKS,
  REVIEW_OUTCOME_LABELS,
  type CarePlanContent,
  type CarePlanEvent,
  type CarePlanField,
  type CarePlanStatus,
  type RecordedEvent,
  ukDate,
} from '@care/events';
import type { AgreementRecord } from './care-plan-tables';

export type CarePlanRecorded = RecordedEvent<CarePlanEvent>;

/** A plan as the projection folds it in memory. */
export interface PlanRecord {
  id: string;
  clientId: string;
  templateId: string | null;
  status: CarePlanStatus;
  content: CarePlanContent;
  version: number;
  agreement: AgreementRecord | null;
  reviewDate: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  revision: bigint;
}

/** What one event adds beside the plan's row: a version, an agreement of a version, a review, a history line. */
export interface PlanSideEffects {
  version?: { version: number; content: CarePlanContent; changedFields: CarePlanField[]; reason: string };
  agreement?: AgreementRecord;
  review?: {
    reviewedOn: string;
    outcome: 'no_change' | 'updated';
    version: number;
    notes: string | null;
    nextReviewDate: string;
  };
  summary: string;
}

/** The checks met that do not depend on the day (all but "review date not passed"). */
export function qualityMet(plan: Pick<PlanRecord, 'content' | 'version' | 'agreement' | 'reviewDate'>): number {
  const { missing } = planQuality(
    {
      content: plan.content,
      version: plan.version,
      agreedVersion: plan.agreement?.version ?? null,
      reviewDate: plan.reviewDate,
    },
    '0000-01-01',
  );
  return QUALITY_CHECKS.length - 1 - missing.length;
}

export { isHighRisk };

/** Folds one event into the plan and says what else it records. Pure. */
export function evolvePlan(
  current: PlanRecord | undefined,
  event: CarePlanRecorded,
): { plan: PlanRecord; effects: PlanSideEffects } | undefined {
  const at = event.metadata.occurredAt;
  const stamp = { updatedAt: at, revision: event.revision };
  switch (event.type) {
    case 'CarePlanCreated': {
      const { id, clientId, templateId, content, reviewDate, reason } = event.data;
      const plan: PlanRecord = {
        id,
        clientId,
        templateId,
        status: 'active',
        content,
        version: 1,
        agreement: null,
        reviewDate,
        createdBy: event.metadata.userId,
        createdAt: at,
        ...stamp,
      };
      return {
        plan,
        effects: {
          version: { version: 1, content, changedFields: [...CARE_PLAN_FIELDS], reason },
          summary: `Version 1 created: ${reason}`,
        },
      };
    }
    case 'CarePlanUpdated': {
      if (!current) return undefined;
      const content = { ...current.content, ...definedOnly(event.data.changes) };
      const changedFields = CARE_PLAN_FIELDS.filter((field) => event.data.changes[field] !== undefined);
      const labels = changedFields.map((field) => CARE_PLAN_FIELD_LABELS[field]).join(', ');
      return {
        plan: { ...current, content, version: event.data.version, ...stamp },
        effects: {
          version: { version: event.data.version, content, changedFields, reason: event.data.reason },
          summary: `Version ${event.data.version} (${labels} changed): ${event.data.reason}`,
        },
      };
    }
    case 'CarePlanAgreed': {
      if (!current) return undefined;
      const { version, agreedBy, relationship, method, agreedOn } = event.data;
      const agreement: AgreementRecord = {
        version,
        agreedBy,
        relationship,
        method,
        agreedOn,
        byUser: event.metadata.userId,
        at,
      };
      return {
        plan: { ...current, agreement, ...stamp },
        effects: {
          agreement,
          summary: `Version ${version} agreed by ${agreedBy} (${relationship}), ${CONSENT_METHOD_LABELS[method].toLowerCase()}, on ${ukDate(agreedOn)}`,
        },
      };
    }
    case 'CarePlanReviewScheduled':
      if (!current) return undefined;
      return {
        plan: { ...current, reviewDate: event.data.reviewDate, ...stamp },
        effects: {
          summary: `Review scheduled for ${ukDate(event.data.reviewDate)}${event.data.reason ? `: ${event.data.reason}` : ''}`,
        },
      };
    case 'CarePlanReviewRecorded': {
      if (!current) return undefined;
      const { reviewedOn, outcome, version, notes, nextReviewDate } = event.data;
      return {
        plan: { ...current, reviewDate: nextReviewDate, ...stamp },
        effects: {
          review: { reviewedOn, outcome, version, notes, nextReviewDate },
          summary: `Reviewed on ${ukDate(reviewedOn)}: ${REVIEW_OUTCOME_LABELS[outcome]} (version ${version}); next review ${ukDate(nextReviewDate)}`,
        },
      };
    }
    case 'CarePlanStatusChanged':
      if (!current) return undefined;
      return {
        plan: { ...current, status: event.data.status, ...stamp },
        effects: { summary: `Status changed to ${CARE_PLAN_STATUS_LABELS[event.data.status]}: ${event.data.reason}` },
      };
  }
}
