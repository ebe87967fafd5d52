import { useAlertCommand } from '../../records/alerts/alert-command';

/** POST /api/alerts/:id/resolve {note}: closed, with a note saying what was done. */
export const useResolveAlert = () =>
  useAlertCommand<{ note: string }>('resolve', { success: 'Alert resolved', failure: 'Failed to resolve alert' });
