import { can } from '@care/events';
import { greetingName, useCurrentUser } from '../../shared/current-user';
import { ActiveCarersCard } from './active-carers-card';
import { RecentAppointments } from './recent-appointments';

/** Spec section 2.6. Only live figures: the other blocks arrive with their own issues. */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h2 className="greeting">Welcome back, {greetingName(user)}</h2>
        </div>
      </div>
      {/* A figure across all carers: only for roles that may read every carer record. */}
      {can(user.role, 'carers.read') && (
        <div className="stat-grid">
          <ActiveCarersCard />
        </div>
      )}
      <RecentAppointments />
    </section>
  );
}
