import type { SnoozeAlertRequest } from '@care/events';
import { useAlertCommand } from '../../records/alerts/alert-command';

/** POST /api/alerts/:id/snooze {until, reason}: out of the counts until then (at most 7 days ahead). */
export const useSnoozeAlert = () =>
  useAlertCommand<SnoozeAlertRequest>('snooze', { success: 'Alert snoozed', failure: 'Failed to snooze alert' });

/** POST /api/alerts/:id/unsnooze: the alert counts again now. */
export const useUnsnoozeAlert = () =>
  useAlertCommand<Record<string, never>>('unsnooze', {
    success: 'Alert unsnoozed',
    failure: 'Failed to unsnooze alert',
  });
