import { QUALITY_RULE_TEXT } from '@care/events';
import { ListChecks } from 'lucide-react';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { formatDate } from '../../shared/format';
import { useCarePlanList } from './care-plan-queries';
import { statusClass, statusLabel } from './care-plan-format';

/** Quality Metrics: each plan in use, lowest score first, with what it lacks. */
export function QualityMetrics({ search, onView }: { search: string; onView: (planId: string) => void }) {
  const list = useCarePlanList('in_use', search, 'quality');
  if (list.isPending) return <ListLoading what="plan quality" />;
  if (list.isError) return <ListLoadError what="plan quality" error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <div className="card quality-card">
      <h2 className="card-title">Plan quality, lowest first</h2>
      <p className="small muted">{QUALITY_RULE_TEXT}</p>
      {list.items.length === 0 ? (
        <div className="empty-state">
          <ListChecks size={36} aria-hidden className="empty-icon" />
          <p>{search.trim() ? 'No care plans found matching your search.' : 'No care plans in use.'}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="data-table" data-testid="quality-table">
            <thead>
              <tr>
                <th scope="col">Client</th>
                <th scope="col">Plan</th>
                <th scope="col">Status</th>
                <th scope="col">Review date</th>
                <th scope="col">Quality</th>
                <th scope="col">What it lacks</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((plan) => (
                <tr key={plan.id}>
                  <td>{plan.clientName}</td>
                  <td>{plan.title}</td>
                  <td>
                    <span className={statusClass(plan.status)}>{statusLabel(plan.status)}</span>
                  </td>
                  <td>{formatDate(plan.reviewDate)}</td>
                  <td>
                    <span className="quality-score">
                      <span className="quality-bar" aria-hidden>
                        <span style={{ width: `${plan.quality.score}%` }} />
                      </span>
                      {plan.quality.score}%
                    </span>
                  </td>
                  <td>{plan.quality.missing.length > 0 ? plan.quality.missing.join(', ') : 'Nothing'}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      onClick={() => onView(plan.id)}
                      aria-label={`View Plan: ${plan.title}, ${plan.clientName}`}
                    >
                      View Plan
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </div>
  );
}
