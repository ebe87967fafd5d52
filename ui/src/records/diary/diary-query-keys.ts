import type { QueryClient } from '@tanstack/react-query';
import { isUnder } from '../../shared/live';

/** URL first (the default loader's convention), so the live push's `diary:changed` reloads every diary query. */
export const DIARY_PATH = '/api/diary';
export const diaryKeys = {
  history: (id: string) => [`${DIARY_PATH}/${encodeURIComponent(id)}/history`] as const,
  /** The selects of the Add Entry form: every carer and client, read page by page. */
  carers: ['/api/carers', 'all'] as const,
  clients: ['/api/clients', 'all'] as const,
};

/** After a diary command: the list and any open history reload (read your writes makes them include it). */
export function reloadDiary(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [url] }) => typeof url === 'string' && isUnder(url, DIARY_PATH),
  });
}
