import { ComingSoonCard } from '../../shared/coming-soon-page';

/** Spec part 2: Export Data, Import Data and the automated features. */
export function DataManagementTab() {
  return (
    <ComingSoonCard title="Data Management">
      <p className="small">Data export and import, and the automated data features.</p>
    </ComingSoonCard>
  );
}

/** Spec part 2: notification choices, data retention and Save Settings. */
export function SettingsTab() {
  return (
    <ComingSoonCard title="Settings">
      <p className="small">Notification settings (training-expiry emails, appointment reminders, maintenance alerts) and data retention.</p>
    </ComingSoonCard>
  );
}
