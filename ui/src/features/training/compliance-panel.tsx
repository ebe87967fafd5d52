import { REQUIRED_TRAINING_COUNT, type ComplianceRating } from '@care/events';
import { errorReason } from '../../shared/api';
import { LoadMore } from '../../shared/list-states';
import { useTrainingCompliance } from './get-training-compliance';

const RATING_BADGE: Record<ComplianceRating, string> = {
  Excellent: 'badge-success',
  Good: 'training-badge-info',
  'Needs Attention': 'training-badge-danger',
};

/** Per-carer training compliance: how many of the required training types each carer holds a current record of. */
export function CompliancePanel() {
  const compliance = useTrainingCompliance();
  return (
    // On a wide screen the panel scrolls inside itself (it stays in view beside the records): it takes the keyboard's
    // focus, named by its heading, so someone without a mouse can scroll it with the arrow keys.
    <section
      className="card training-compliance"
      role="region"
      aria-labelledby="training-compliance-title"
      tabIndex={0}
    >
      <header className="training-compliance-header">
        <h2 id="training-compliance-title" className="card-title">
          Training Compliance
        </h2>
        <p className="muted small">Required training types with a current record, out of {REQUIRED_TRAINING_COUNT}</p>
      </header>
      {compliance.isPending ? (
        <p className="muted" role="status">
          Loading compliance...
        </p>
      ) : compliance.isError ? (
        <p role="alert">Could not load compliance: {errorReason(compliance.error)}</p>
      ) : compliance.items.length === 0 ? (
        <p className="muted">No compliance data available</p>
      ) : (
        <>
          <ul className="compliance-list">
            {compliance.items.map((row) => (
              <li key={row.carerId} className="compliance-row" data-testid="compliance-row">
                <div className="compliance-line">
                  <span className="compliance-name">{row.carerName}</span>
                  <span className="compliance-percent">{row.compliancePercent}%</span>
                </div>
                <div className="compliance-line">
                  <span className="muted small">
                    {row.currentCount} of {row.required} current
                  </span>
                  <span className={`badge ${RATING_BADGE[row.rating]}`}>{row.rating}</span>
                </div>
                <div
                  className="compliance-bar"
                  role="meter"
                  aria-label={`${row.carerName} training compliance`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={row.compliancePercent}
                >
                  <span style={{ width: `${row.compliancePercent}%` }} />
                </div>
              </li>
            ))}
          </ul>
          <LoadMore
            shown={compliance.items.length}
            total={compliance.total}
            hasMore={compliance.hasNextPage}
            loading={compliance.isFetchingNextPage}
            onLoadMore={() => void compliance.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
