import { ukDateOfInstant, type DestructionEvent, type DestructionSubjectKind } from '@care/events';
import { DomainError } from '../shared/domain-error';
import type { ProposalState } from './destruction-state';
import { eligibleFrom, retentionRuleFor, type SubjectRecord } from './subject-retention';

/**
 * The rules of destroying a person's records (docs/features/destruction.md). Pure: the service reads the person's
 * streams and the settings, and `now`.
 */
export type DestructionCommand =
  | {
      readonly type: 'ProposeDestruction';
      readonly proposalId: string;
      readonly subjectKind: DestructionSubjectKind;
      readonly reason: string;
      readonly by: string;
    }
  | { readonly type: 'ApproveDestruction'; readonly by: string }
  | { readonly type: 'RejectDestruction'; readonly by: string; readonly reason: string };

export interface DestructionFacts {
  readonly subject: SubjectRecord | undefined;
  readonly recordRetentionYears: number;
  readonly now: Date;
}

export const PROPOSAL_NOT_FOUND = 'Destruction proposal not found';
export const SELF_APPROVAL =
  'You proposed this destruction: a second administrator must approve it, so that no one destroys records alone';
export const SELF_REJECTION = 'You proposed this destruction: a second administrator decides on it';

const subjectLabel = (kind: DestructionSubjectKind) => (kind === 'client' ? 'Client' : 'Carer');

/** Refuses a subject still inside its retention period; answers the rule and when the period ended otherwise. */
function checkRetention(subject: SubjectRecord | undefined, kind: DestructionSubjectKind, facts: DestructionFacts) {
  if (!subject?.exists) throw new DomainError('not_found', `${subjectLabel(kind)} not found`, 'subjectId');
  if (subject.active || subject.lastChangedAt === undefined) {
    throw new DomainError(
      'conflict',
      `${subjectLabel(kind)} is still active: only records of a person deactivated or deleted can be destroyed`,
      'subjectId',
    );
  }
  const rule = retentionRuleFor(subject, facts.recordRetentionYears);
  const eligibleSince = eligibleFrom(subject.lastChangedAt, rule);
  if (eligibleSince > facts.now) {
    const why =
      rule.rule === 'medication'
        ? `medication records are kept ${rule.years} years`
        : `the record retention setting is ${rule.years} years`;
    throw new DomainError(
      'conflict',
      `${subjectLabel(kind)} is still inside the retention period (${why}): their records can be destroyed from ${ukDateOfInstant(eligibleSince)}`,
      'subjectId',
    );
  }
  return { rule, eligibleSince };
}

export function decide(command: DestructionCommand, state: ProposalState, facts: DestructionFacts): DestructionEvent[] {
  switch (command.type) {
    case 'ProposeDestruction': {
      if (state.exists) throw new DomainError('conflict', 'This proposal already exists');
      const subject = facts.subject;
      const { rule, eligibleSince } = checkRetention(subject, command.subjectKind, facts);
      return [
        {
          type: 'DestructionProposed',
          data: {
            proposalId: command.proposalId,
            subjectKind: command.subjectKind,
            subjectId: subject!.id,
            reference: subject!.reference,
            retentionRule: rule,
            eligibleSince: eligibleSince.toISOString(),
            reason: command.reason,
            proposedBy: command.by,
          },
        },
      ];
    }
    case 'ApproveDestruction':
    case 'RejectDestruction': {
      if (!state.exists) throw new DomainError('not_found', PROPOSAL_NOT_FOUND);
      if (state.status === 'destroyed') throw new DomainError('conflict', 'These records have already been destroyed');
      if (state.status === 'rejected') throw new DomainError('conflict', 'This proposal was rejected');
      if (command.by === state.proposedBy) {
        throw new DomainError('forbidden', command.type === 'ApproveDestruction' ? SELF_APPROVAL : SELF_REJECTION);
      }
      if (command.type === 'RejectDestruction') {
        return [
          {
            type: 'DestructionRejected',
            data: { proposalId: state.proposalId, rejectedBy: command.by, reason: command.reason },
          },
        ];
      }
      // Checked again: a reactivation, a later change or a shorter setting since the proposal may have moved the date.
      const { rule } = checkRetention(facts.subject, state.subjectKind, facts);
      return [
        { type: 'DestructionApproved', data: { proposalId: state.proposalId, approvedBy: command.by } },
        {
          type: 'RecordsDestroyed',
          data: {
            proposalId: state.proposalId,
            subjectKind: state.subjectKind,
            subjectId: state.subjectId,
            reference: state.reference,
            retentionRule: rule,
            reason: state.reason,
            proposedBy: state.proposedBy,
            approvedBy: command.by,
            // The store counts the rewritten events inside the transaction and sets this.
            eventsRewritten: 0,
            destroyedAt: facts.now.toISOString(),
          },
        },
      ];
    }
    default:
      throw new DomainError('invalid', 'Unknown command');
  }
}
