import type { ShiftPlan } from '@care/events';

/**
 * Where the shift's carer stands on the write side (read from the carer's own stream, never a read model):
 * a shift can only be planned for, or moved to, a carer who exists, was not removed and is active.
 */
export type CarerStanding = 'active' | 'inactive' | 'not_found';

export type ShiftCommand =
  | { readonly type: 'PlanShift'; readonly id: string; readonly plan: ShiftPlan; readonly carer: CarerStanding }
  | {
      readonly type: 'ChangeShift';
      readonly id: string;
      /** Only the fields the request sent (null clears location or notes). */
      readonly changes: Partial<ShiftPlan>;
      /** The standing of `changes.carerId`, when the request names a carer. */
      readonly carer: CarerStanding | undefined;
    }
  | { readonly type: 'CancelShift'; readonly id: string; readonly reason: string | null };
