import { addDays, changedFields, type CarePlanContent, type CarePlanEvent } from '@care/events';
import { assertNever } from '../shared/assert-never';
import { DomainError } from '../shared/domain-error';
import type { CarePlanCommand } from './care-plan-commands';
import type { CarePlanState } from './care-plan-state';

export const CARE_PLAN_NOT_FOUND = 'Care plan not found';
/** How far back the review date of a plan entered on the system may be (an existing plan already overdue). */
export const OVERDUE_ON_ENTRY_MAX_DAYS = 365;
export const CARE_PLAN_INACTIVE = 'This care plan is inactive: make it active before changing it';

type ExistingPlan = Extract<CarePlanState, { exists: true }>;

function existing(state: CarePlanState): ExistingPlan {
  if (!state.exists) throw new DomainError('not_found', CARE_PLAN_NOT_FOUND);
  return state;
}

function inUse(state: CarePlanState): ExistingPlan {
  const plan = existing(state);
  if (plan.status === 'inactive') throw new DomainError('conflict', CARE_PLAN_INACTIVE);
  return plan;
}

/** The requested fields that differ from the plan: a new version holds only these. */
const changesOf = (plan: ExistingPlan, requested: Partial<CarePlanContent>): Partial<CarePlanContent> =>
  changedFields(plan.content, requested);

/** The care plan aggregate's rules. Pure: the same command and state always give the same events or error. */
export function decide(command: CarePlanCommand, state: CarePlanState): CarePlanEvent[] {
  switch (command.type) {
    case 'CreateCarePlan': {
      if (state.exists) throw new DomainError('conflict', 'Care plan already exists');
      if (command.content.title.trim() === '') throw new DomainError('invalid', 'Title is required', 'title');
      // An existing plan moved onto the system (from paper) may already be overdue for review: that is recorded as it
      // is, and the overdue rule raises it at once. More than a year back is a typing mistake.
      if (command.reviewDate < addDays(command.today, -OVERDUE_ON_ENTRY_MAX_DAYS)) {
        throw new DomainError('invalid', 'Review date must be within the last year, or later', 'reviewDate');
      }
      const { id, clientId, templateId, content, reviewDate, reason } = command;
      return [{ type: 'CarePlanCreated', data: { id, clientId, templateId, content, reviewDate, reason } }];
    }
    case 'UpdateCarePlan': {
      const plan = inUse(state);
      const changes = changesOf(plan, command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [
        {
          type: 'CarePlanUpdated',
          data: { id: command.id, clientId: plan.clientId, version: plan.version + 1, changes, reason: command.reason },
        },
      ];
    }
    case 'AgreeCarePlan': {
      const plan = inUse(state);
      if (command.version !== plan.version) {
        throw new DomainError(
          'conflict',
          `Only the current version (version ${plan.version}) can be agreed`,
          'version',
        );
      }
      if (plan.agreedVersion === plan.version)
        throw new DomainError('conflict', `Version ${plan.version} is already agreed`, 'version');
      if (command.agreedOn > command.today)
        throw new DomainError('invalid', 'Date agreed must not be in the future', 'agreedOn');
      const { id, version, agreedBy, relationship, method, agreedOn } = command;
      return [
        {
          type: 'CarePlanAgreed',
          data: { id, clientId: plan.clientId, version, agreedBy, relationship, method, agreedOn },
        },
      ];
    }
    case 'ScheduleCarePlanReview': {
      const plan = inUse(state);
      if (command.reviewDate < command.today)
        throw new DomainError('invalid', 'Review date must not be in the past', 'reviewDate');
      if (command.reviewDate === plan.reviewDate) return [];
      return [
        {
          type: 'CarePlanReviewScheduled',
          data: { id: command.id, clientId: plan.clientId, reviewDate: command.reviewDate, reason: command.reason },
        },
      ];
    }
    case 'RecordCarePlanReview': {
      const plan = inUse(state);
      if (command.reviewedOn > command.today)
        throw new DomainError('invalid', 'Review date must not be in the future', 'reviewedOn');
      if (command.nextReviewDate <= command.reviewedOn) {
        throw new DomainError('invalid', 'The next review must be after this one', 'nextReviewDate');
      }
      if (command.nextReviewDate < command.today)
        throw new DomainError('invalid', 'Next review date must not be in the past', 'nextReviewDate');
      const changes = changesOf(plan, command.changes);
      const changed = Object.keys(changes).length > 0;
      // "Updated" names the version the review led to: changes sent with it, or a version saved since the last review.
      if (command.outcome === 'updated' && !changed && plan.version <= plan.versionAtLastReview) {
        throw new DomainError(
          'invalid',
          'The plan has not changed since the last review: update it first, or record the outcome No change',
          'outcome',
        );
      }
      if (command.outcome === 'no_change' && changed) {
        throw new DomainError(
          'invalid',
          'A review with no change cannot change the plan: choose Plan updated',
          'outcome',
        );
      }
      const { id } = command;
      const { clientId } = plan;
      const events: CarePlanEvent[] = [];
      const version = changed ? plan.version + 1 : plan.version;
      if (changed) events.push({ type: 'CarePlanUpdated', data: { id, clientId, version, changes, reason: 'Review' } });
      events.push({
        type: 'CarePlanReviewRecorded',
        data: {
          id,
          clientId,
          reviewedOn: command.reviewedOn,
          outcome: command.outcome,
          version,
          notes: command.notes,
          nextReviewDate: command.nextReviewDate,
        },
      });
      // A plan put under review is back in force once the review is recorded.
      if (plan.status === 'under_review')
        events.push({
          type: 'CarePlanStatusChanged',
          data: { id, clientId, status: 'active', reason: 'Review recorded' },
        });
      return events;
    }
    case 'ChangeCarePlanStatus': {
      const plan = existing(state);
      if (command.status === plan.status) return [];
      return [
        {
          type: 'CarePlanStatusChanged',
          data: { id: command.id, clientId: plan.clientId, status: command.status, reason: command.reason },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}
