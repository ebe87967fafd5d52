import { useAlertCommand } from '../../records/alerts/alert-command';

/** POST /api/alerts/:id/reopen {reason}: a resolved alert open again. */
export const useReopenAlert = () =>
  useAlertCommand<{ reason: string }>('reopen', { success: 'Alert reopened', failure: 'Failed to reopen alert' });
