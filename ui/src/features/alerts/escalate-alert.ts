import type { EscalateAlertRequest } from '@care/events';
import { useAlertCommand } from '../../records/alerts/alert-command';

/** POST /api/alerts/:id/escalate {severity, reason}: only to a higher severity. */
export const useEscalateAlert = () =>
  useAlertCommand<EscalateAlertRequest>('escalate', {
    success: 'Alert escalated',
    failure: 'Failed to escalate alert',
  });
