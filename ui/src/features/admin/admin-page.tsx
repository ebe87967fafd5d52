import { can } from '@care/events';
import { Database, MessageSquare, Settings, ShieldAlert, Activity, Shield, Users } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { Tabs, type TabItem } from '../../shared/tabs';
import { FeedbackTab } from './feedback-tab';
import { DataManagementTab } from './data-management-tab';
import { SettingsTab } from './settings-tab';
import './admin-settings.css';
import { SystemStatusTab } from './system-status-tab';
import { SecurityTab } from './security-tab';
import { UserManagementTab } from './user-management-tab';

type AdminTab = 'users' | 'security' | 'feedback' | 'status' | 'data' | 'settings';

/** The Admin Panel: its five tabs, and the feedback users sent. */
const TABS: readonly TabItem<AdminTab>[] = [
  { value: 'users', label: 'User Management', icon: Users, render: () => <UserManagementTab /> },
  { value: 'security', label: 'Security', icon: Shield, render: () => <SecurityTab /> },
  { value: 'feedback', label: 'Feedback', icon: MessageSquare, render: () => <FeedbackTab /> },
  { value: 'status', label: 'System Status', icon: Activity, render: () => <SystemStatusTab /> },
  { value: 'data', label: 'Data Management', icon: Database, render: () => <DataManagementTab /> },
  { value: 'settings', label: 'Settings', icon: Settings, render: () => <SettingsTab /> },
];

const isAdminTab = (value: string | undefined): value is AdminTab => TABS.some((item) => item.value === value);

export function AdminPage({ initialTab }: { initialTab?: string }) {
  const user = useCurrentUser();
  const [tab, setTab] = useState<AdminTab>(isAdminTab(initialTab) ? initialTab : 'users');

  // The server refuses every admin call to other roles; the screen says so instead of showing empty tables.
  if (!can(user.role, 'admin.panel')) {
    return (
      <section className="page">
        <div className="card empty-state" role="alert" data-testid="admin-access-denied">
          <ShieldAlert size={36} aria-hidden className="empty-icon" />
          <h1 className="page-title">Access Denied</h1>
          <p>The admin panel is available to administrators only.</p>
        </div>
      </section>
    );
  }

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Admin Panel</h1>
          <p className="page-subtitle">Accounts, roles and access to the platform.</p>
        </div>
      </div>
      <Tabs label="Admin Panel" tabs={TABS} value={tab} onValueChange={setTab} />
    </section>
  );
}
