import { isDeepStrictEqual } from 'node:util';
import type { RecordedWorkingPattern, WorkingPatternEvent } from '@care/events';

/** A carer's working pattern as their stream (carer-working-pattern-<carerId>) holds it: null until first set. */
export interface WorkingPatternState {
  readonly pattern: RecordedWorkingPattern | null;
}

export const initialWorkingPatternState: WorkingPatternState = { pattern: null };

export function evolveWorkingPattern(_state: WorkingPatternState, event: WorkingPatternEvent): WorkingPatternState {
  const { weekly, exceptions, contractedHoursPerWeek, weeklyHoursLimit, optedOutOn } = event.data;
  return { pattern: { weekly, exceptions, contractedHoursPerWeek, weeklyHoursLimit, optedOutOn } };
}

export interface SetWorkingPattern {
  readonly type: 'SetWorkingPattern';
  readonly carerId: string;
  readonly pattern: RecordedWorkingPattern;
}

/**
 * Records the whole pattern. Pure. Setting the pattern already recorded changes nothing (no event), so a form
 * saved twice leaves one entry in the history. The request schema has already refused bad hours and limits.
 */
export function decideWorkingPattern(command: SetWorkingPattern, state: WorkingPatternState): WorkingPatternEvent[] {
  if (state.pattern !== null && isDeepStrictEqual(state.pattern, command.pattern)) return [];
  return [{ type: 'WorkingPatternSet', data: { carerId: command.carerId, ...command.pattern } }];
}
