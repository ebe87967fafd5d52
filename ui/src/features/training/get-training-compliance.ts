import type { TrainingComplianceView } from '@care/events';
import { usePagedList } from '../../shared/paged-list';
import { TRAINING_PATH } from './reload-training';

const COMPLIANCE_PATH = `${TRAINING_PATH}/compliance`;

/** GET /api/training/compliance: one row per carer, by name, a page at a time. */
export function useTrainingCompliance() {
  return usePagedList<TrainingComplianceView>(COMPLIANCE_PATH, {});
}
