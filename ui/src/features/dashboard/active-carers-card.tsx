import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useLiveActiveCarerCount } from '../../shared/live';
import { activeCarerCountQueryOptions } from '../../shared/active-carer-count';

export function ActiveCarersCard() {
  const live = useLiveActiveCarerCount();
  // Only asked while no push has arrived; the push then stays authoritative.
  const fallback = useQuery({ ...activeCarerCountQueryOptions, enabled: live === undefined });
  const count = live ?? fallback.data;
  return (
    <Link to="/carers" className="card stat-card">
      <span className="stat-icon" aria-hidden>
        <Users size={22} />
      </span>
      <span className="stat-text">
        <span className="stat-label">Active Carers</span>
        <span className="stat-value" data-testid="dashboard-active-carers">
          {count ?? (fallback.isError ? '—' : '…')}
        </span>
      </span>
    </Link>
  );
}
