import { can } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { errorReason } from '../../shared/api';
import { fullName, useCurrentUser } from '../../shared/current-user';
import { useIsMobile } from '../../shared/use-is-mobile';
import { ActiveAlerts } from './active-alerts';
import { DashboardAlertsTable } from './dashboard-alerts-table';
import { dashboardStatsQueryOptions } from './get-dashboard-stats';
import { QuickActions } from './quick-actions';
import { QuickStats } from './quick-stats';
import { RecentAppointments } from './recent-appointments';
import { StatTiles } from './stat-tiles';
import { TaskCategories } from './task-categories';
import './dashboard.css';

/**
 * The dashboard. Every figure is computed by the server (GET /api/dashboard/stats) and
 * kept live by the 'dashboard:stats' push; none is a fixed sample. Blocks a role may not read are left out.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const role = user.role;
  const stats = useQuery(dashboardStatsQueryOptions);
  // The page's one h1: on a desktop the header's "Dashboard Overview"; a phone has no such header, so the greeting.
  const Greeting = useIsMobile() ? 'h1' : 'h2';
  const readsAlerts = can(role, 'alerts.read') || can(role, 'alerts.readOwn');
  const readsTasks = can(role, 'tasks.read') || can(role, 'tasks.readOwn');
  return (
    <section className="page dashboard-page">
      <div className="page-header">
        <Greeting className="greeting">Welcome back, {fullName(user)}</Greeting>
      </div>
      {stats.isError && (
        <p className="form-error" role="alert">
          Could not load the dashboard figures: {errorReason(stats.error)}
        </p>
      )}
      <StatTiles role={role} stats={stats.data} />
      {/* Full width: six columns and the actions need the room; the further blocks share a two-column grid. */}
      {readsAlerts && <DashboardAlertsTable role={role} />}
      <div className="dashboard-grid">
        <div className="dashboard-column">
          <RecentAppointments />
          {readsAlerts && <ActiveAlerts />}
        </div>
        <div className="dashboard-column">
          {readsTasks && <TaskCategories stats={stats.data} />}
          <QuickStats stats={stats.data} own={!can(role, 'appointments.read')} />
          <QuickActions role={role} />
        </div>
      </div>
    </section>
  );
}
