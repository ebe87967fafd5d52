import { useAlertCommand } from '../../records/alerts/alert-command';

/** POST /api/alerts/:id/acknowledge {note?}: someone is on it; it leaves the bell's count but stays open. */
export const useAcknowledgeAlert = () =>
  useAlertCommand<{ note?: string }>('acknowledge', {
    success: 'Alert acknowledged',
    failure: 'Failed to acknowledge alert',
  });
