import { londonToday, ukDate } from '@care/events';
import { DomainError } from '../shared/domain-error';
import type { CarerLeaveStream } from './carer-leave-stream';

/** What a booking says about leave: the reason given, and whether the booker may book over leave at all. */
export interface LeaveOverride {
  readonly reason: string | null;
  /** leave.override: administrators only. */
  readonly allowed: boolean;
}

export const NO_LEAVE_OVERRIDE: LeaveOverride = { reason: null, allowed: false };

/**
 * A carer on approved leave cannot be booked into a visit that overlaps it (a half day splits at 13:00 London
 * time): 409 on carerId naming the leave, e.g. "Nadia Hussain is on annual leave on 12/03/2027". An administrator
 * may book anyway with a reason, which the visit's event then records. Returns that reason when it was needed.
 */
export async function assertNotOnLeave(
  leave: CarerLeaveStream,
  carer: { readonly carerId: string; readonly name: string },
  spans: readonly { readonly start: string; readonly end: string }[],
  override: LeaveOverride,
): Promise<string | undefined> {
  for (const span of spans) {
    const [away] = await leave.during(carer.carerId, span);
    if (!away) continue;
    const half = away.dayPart === 'full' ? '' : ` (${away.dayPart})`;
    const message = `${carer.name} is on ${away.kind} leave on ${ukDate(londonToday(new Date(span.start)))}${half}`;
    if (override.reason === null) throw new DomainError('conflict', message, 'carerId');
    if (!override.allowed)
      throw new DomainError(
        'forbidden',
        `${message}: only an administrator can book a carer on leave`,
        'leaveOverrideReason',
      );
    return override.reason;
  }
  return undefined;
}
