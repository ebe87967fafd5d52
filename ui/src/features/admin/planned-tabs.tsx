import { ComingSoonCard } from '../../shared/coming-soon-page';

/** Spec part 2: Export Data, Import Data and the automated features. */
export function DataManagementTab() {
  return (
    <ComingSoonCard title="Data Management">
      <p className="small">Data export and import, and the automated data features.</p>
    </ComingSoonCard>
  );
}
