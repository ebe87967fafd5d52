import { EXPIRING_SOON_DAYS, type TrainingView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { TRAINING_PATH } from './reload-training';

const EXPIRING_PATH = `${TRAINING_PATH}?expiring=${EXPIRING_SOON_DAYS}`;

/** GET /api/training: every record the user may read, with its carer. */
export const trainingQueryOptions = queryOptions({
  queryKey: [TRAINING_PATH] as const,
  queryFn: () => apiGet<TrainingView[]>(TRAINING_PATH),
});

/** GET /api/training?expiring=30 (spec part 1 section 7): what expires within the window, for the notice. */
export const expiringTrainingQueryOptions = queryOptions({
  queryKey: [EXPIRING_PATH] as const,
  queryFn: () => apiGet<TrainingView[]>(EXPIRING_PATH),
});
