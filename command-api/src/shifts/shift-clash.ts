import { DomainError } from '../shared/domain-error';
import { londonClock, ukDate } from '@care/events';
import { londonDateOf } from '../appointments/london-texts';

/** The shift a new or changed shift collides with (the 409 body's `clash`). */
export interface ShiftClash {
  readonly shiftId: string;
  readonly start: string;
  readonly end: string;
}

/**
 * The carer already has a shift at an overlapping time: a 409 on carerId whose body names the clashing shift
 * ("Carer already has a shift 08:00–16:00 on 21/11/2026 (shift …)"), rendered by shift-routes.ts.
 */
export class ShiftClashError extends DomainError {
  constructor(readonly clash: ShiftClash) {
    super(
      'conflict',
      `Carer already has a shift ${londonClock(clash.start)}–${londonClock(clash.end)} on ${ukDate(londonDateOf(clash.start))} (shift ${clash.shiftId})`,
      'carerId',
    );
    this.name = 'ShiftClashError';
  }
}
