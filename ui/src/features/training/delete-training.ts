import { apiSend } from '../../shared/api';
import { useTrainingMutation } from './training-mutation';

/** DELETE /api/training/{id} with If-Match, so a record changed meanwhile is not removed unseen. */
export function useDeleteTraining() {
  return useTrainingMutation(
    ({ id, revision }: { id: string; revision: string }) =>
      apiSend('DELETE', `/api/training/${encodeURIComponent(id)}`, undefined, { 'If-Match': revision }),
    { success: 'Training record deleted successfully', failure: 'Failed to delete training record' },
  );
}
