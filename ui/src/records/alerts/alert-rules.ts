import type { AlertRuleSwitchRequest, AlertRuleView } from '@care/events';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../shared/api';

export const ALERT_RULES_PATH = '/api/alert-rules';

/** GET /api/alert-rules: every alert rule, on or switched off for the agency (reloaded on `alert-rules:changed`). */
export const alertRulesQuery = queryOptions({
  queryKey: [ALERT_RULES_PATH],
  queryFn: () => apiGet<AlertRuleView[]>(ALERT_RULES_PATH),
});

/** POST /api/alert-rules/switch-off or /switch-on { rule, reason }; the list reloads either way. */
export function useSwitchAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ on, ...body }: AlertRuleSwitchRequest & { on: boolean }) =>
      apiSend('POST', `${ALERT_RULES_PATH}/${on ? 'switch-on' : 'switch-off'}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertRulesQuery.queryKey }),
  });
}
