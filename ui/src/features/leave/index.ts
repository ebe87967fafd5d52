/* Leave shows on other screens too: chips on the rota, the "On leave" line on the carers screen. They read it with
   these queries and word it with these labels, and share its styles. */
import './leave.css';

export { LEAVE_DAY_PART_LABELS, LEAVE_KIND_LABELS, leaveByDay, leaveDatesText, nextLeaveByCarer } from './leave-labels';
export { approvedLeaveQueryOptions, upcomingLeaveQueryOptions } from './leave-queries';
