import { can, type LeaveView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { CalendarOff } from 'lucide-react';
import { useCurrentUser } from '../../shared/current-user';
import { approvedLeaveQueryOptions, LEAVE_DAY_PART_LABELS, LEAVE_KIND_LABELS, leaveByDay } from '../leave';

const NO_LEAVE: ReadonlyMap<string, LeaveView[]> = new Map();

/**
 * Each shown day's approved leave, for the rota's chips: one read for the whole range shown (a week or a month),
 * filtered to one carer when the rota is. The key is under /api/leave, so a decision on leave (pushed live)
 * reloads it. A role that reads no leave sees no chips rather than an error.
 */
export function useRotaLeave(days: readonly string[], carerId: string): ReadonlyMap<string, LeaveView[]> {
  const role = useCurrentUser().role;
  const readable = can(role, 'leave.read') || can(role, 'leave.readOwn');
  const range = { from: days[0] ?? '', to: days.at(-1) ?? '', carerId: carerId || undefined };
  const leave = useQuery({ ...approvedLeaveQueryOptions(range), enabled: readable && days.length > 0 });
  return leave.data ? leaveByDay(leave.data, days) : NO_LEAVE;
}

/** "Annual leave" (or "Sick", "Training"...) for one carer on one day; a half day says which half. */
export function LeaveChip({ leave, showCarer = true }: { leave: LeaveView; showCarer?: boolean }) {
  const part = leave.dayPart === 'full' ? '' : ` (${LEAVE_DAY_PART_LABELS[leave.dayPart].toLowerCase()})`;
  return (
    <span className="rota-leave-chip" data-testid="rota-leave" data-leave-id={leave.id}>
      <CalendarOff size={12} aria-hidden />
      <span className="rota-leave-kind">
        {LEAVE_KIND_LABELS[leave.kind]}
        {part}
      </span>
      {showCarer && <span className="rota-leave-carer">{leave.carerName}</span>}
    </span>
  );
}

/** A day's leave chips as a list, named for the day; nothing when nobody is away. */
export function LeaveChips({ leave, dayLabel }: { leave: readonly LeaveView[] | undefined; dayLabel: string }) {
  if (!leave || leave.length === 0) return null;
  return (
    <ul className="rota-leave-list" aria-label={`On leave ${dayLabel}`}>
      {leave.map((item) => (
        <li key={item.id}>
          <LeaveChip leave={item} />
        </li>
      ))}
    </ul>
  );
}
