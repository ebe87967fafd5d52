import type { TrainingComplianceView } from '@care/events';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { TRAINING_PATH } from './reload-training';

const COMPLIANCE_PATH = `${TRAINING_PATH}/compliance`;

/** GET /api/training/compliance: one row per carer (spec part 2 section 9). */
export const trainingComplianceQueryOptions = queryOptions({
  queryKey: [COMPLIANCE_PATH] as const,
  queryFn: () => apiGet<TrainingComplianceView[]>(COMPLIANCE_PATH),
});
