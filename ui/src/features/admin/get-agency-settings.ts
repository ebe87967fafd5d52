import type { AgencySettings, AgencySettingsView } from '@care/events';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../shared/api';

/** GET /api/settings: the agency's settings (the defaults until an admin saves them). */
export const agencySettingsQuery = queryOptions({
  queryKey: ['/api/settings'],
  queryFn: () => apiGet<AgencySettingsView>('/api/settings'),
});

/** GET /api/settings/history: every change, newest first, a page at a time. */
export const AGENCY_SETTINGS_HISTORY_PATH = '/api/settings/history';

/** PUT /api/settings with If-Match: two admins saving over each other get a 409 instead of losing a change. */
export function useSaveAgencySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ settings, revision }: { settings: AgencySettings; revision: string | null }) =>
      apiSend('PUT', '/api/settings', settings, revision === null ? undefined : { 'If-Match': revision }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/settings'] }),
  });
}
