import type { AssignRequest } from '@care/events';
import { useAlertCommand } from '../../records/alerts/alert-command';

/** POST /api/alerts/:id/assign {assignedTo}: null unassigns; the assignee must be an active user. */
export const useAssignAlert = () =>
  useAlertCommand<AssignRequest>('assign', { success: 'Alert assigned', failure: 'Failed to assign alert' });
