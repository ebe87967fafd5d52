import type { QueryClient } from '@tanstack/react-query';

/**
 * Every training read's key starts with its URL under /api/training (the default loader reads the key's first
 * element as its URL), so the
 * live push for the training read model and this helper reach all of them: list, expiring and compliance.
 */
export const TRAINING_PATH = '/api/training';

/** After a change: reload every training read. */
export function reloadTraining(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(TRAINING_PATH),
  });
}
