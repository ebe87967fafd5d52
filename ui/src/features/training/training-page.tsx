import { ComingSoonPage } from '../../shared/coming-soon-page';

/** Stub: the Training and Checklists screen (spec part 1 section 2.10). */
export function TrainingPage() {
  return <ComingSoonPage title="Training and Checklists" />;
}
