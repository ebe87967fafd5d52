import type { DestructionEvent, DestructionSubjectKind, RetentionRule } from '@care/events';
import { assertNever } from '../shared/assert-never';

/** One proposal to destroy a person's records, as its stream `destruction-<proposalId>` tells it. */
export type ProposalState =
  | { readonly exists: false }
  | {
      readonly exists: true;
      readonly status: 'proposed' | 'rejected' | 'destroyed';
      readonly proposalId: string;
      readonly subjectKind: DestructionSubjectKind;
      readonly subjectId: string;
      readonly reference: string | null;
      readonly retentionRule: RetentionRule;
      readonly reason: string;
      readonly proposedBy: string;
    };

export const initialProposalState: ProposalState = { exists: false };

/** Folds one destruction event. Pure. */
export function evolve(state: ProposalState, event: DestructionEvent): ProposalState {
  switch (event.type) {
    case 'DestructionProposed': {
      const { eligibleSince: _eligibleSince, ...proposal } = event.data;
      return { exists: true, status: 'proposed', ...proposal };
    }
    case 'DestructionRejected':
      return state.exists ? { ...state, status: 'rejected' } : state;
    case 'DestructionApproved':
      return state;
    case 'RecordsDestroyed':
      return state.exists ? { ...state, status: 'destroyed' } : state;
    default:
      return assertNever(event);
  }
}
