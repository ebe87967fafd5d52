import { definedOnly, type ShiftEvent, type ShiftPlan } from '@care/events';
import { assertNever } from '../shared/assert-never';

export type ShiftState =
  | { readonly exists: false }
  | { readonly exists: true; readonly cancelled: boolean; readonly plan: ShiftPlan };

export const initialShiftState: ShiftState = { exists: false };

/** Folds one shift event into the state `decide` needs. Pure. */
export function evolve(state: ShiftState, event: ShiftEvent): ShiftState {
  switch (event.type) {
    case 'ShiftPlanned': {
      const { id: _id, ...plan } = event.data;
      return { exists: true, cancelled: false, plan };
    }
    case 'ShiftChanged':
      return state.exists ? { ...state, plan: { ...state.plan, ...definedOnly(event.data.changes) } } : state;
    case 'ShiftCancelled':
      return state.exists ? { ...state, cancelled: true } : state;
    default:
      return assertNever(event);
  }
}
