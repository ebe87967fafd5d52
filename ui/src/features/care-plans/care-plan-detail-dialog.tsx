import { can, CARE_PLAN_FIELD_LABELS } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { useCurrentUser } from '../../shared/current-user';
import { formatDate, formatDateTime } from '../../shared/format';
import { FormDialog } from '../../shared/form-dialog';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { carePlanPath, carePlanQueryOptions } from './care-plan-queries';
import { PlanContent, PlanFields } from './plan-content';
import { AgreementForm, ReviewForm, StatusForm } from './plan-commands';
import { VersionCompare } from './version-compare';

/** View / View Plan: the plan, its versions (who, when, why, agreed), a comparison, reviews, history and the commands. */
export function CarePlanDetailDialog({ planId, onClose }: { planId: string | undefined; onClose: () => void }) {
  return (
    <FormDialog open={planId !== undefined} onOpenChange={(open) => !open && onClose()} title="Care plan">
      {planId !== undefined && <PlanDetail planId={planId} />}
    </FormDialog>
  );
}

function PlanDetail({ planId }: { planId: string }) {
  const canWrite = can(useCurrentUser().role, 'carePlans.write');
  const plan = useQuery(carePlanQueryOptions(planId));
  const [shown, setShown] = useState<number | null>(null);
  if (plan.isPending) return <ListLoading what="the care plan" />;
  if (plan.isError)
    return <ListLoadError what="the care plan" error={plan.error} onRetry={() => void plan.refetch()} />;
  const current = plan.data;
  const inUse = current.status !== 'inactive';
  return (
    <div className="plan-detail" data-testid="care-plan-detail">
      <div className="plan-detail-head">
        <h3 className="care-plan-title">{current.title}</h3>
        <a className="button button-secondary button-small" href={carePlanPath(current.id, '/pdf')} download>
          <FileDown size={14} aria-hidden /> Download PDF
        </a>
      </div>
      <PlanContent plan={current} />

      <section className="plan-section" aria-label="Versions">
        <h3>Versions</h3>
        <ol className="version-list" reversed>
          {current.versions.map((version) => (
            <li key={version.version} data-testid="plan-version">
              <strong>Version {version.version}</strong> · {formatDateTime(version.at)} by {version.byName ?? 'unknown'}
              : {version.reason}
              <span className="muted small">
                {' '}
                (
                {version.version === 1
                  ? 'first version'
                  : `changed ${version.changedFields.map((field) => CARE_PLAN_FIELD_LABELS[field].toLowerCase()).join(', ')}`}
                )
              </span>
              {version.agreement && (
                <span className="badge badge-success">
                  Agreed by {version.agreement.agreedBy} on {formatDate(version.agreement.agreedOn)}
                </span>
              )}
              <button
                type="button"
                className="link-button small"
                aria-expanded={shown === version.version}
                onClick={() => setShown((current) => (current === version.version ? null : version.version))}
              >
                {shown === version.version ? `Hide version ${version.version}` : `Show version ${version.version}`}
              </button>
              {shown === version.version && (
                <div className="version-content" data-testid="version-content">
                  <PlanFields content={version.content} medications={current.medications} />
                </div>
              )}
            </li>
          ))}
        </ol>
      </section>

      <section className="plan-section" aria-label="Compare versions">
        <h3>Compare versions</h3>
        {/* Keyed: a new version (saved meanwhile) starts the comparison at the latest two. */}
        <VersionCompare key={current.version} plan={current} />
      </section>

      {canWrite && inUse && !current.agreed && (
        <section className="plan-section" aria-label="Agreement">
          <h3>Record agreement</h3>
          <p className="small muted">The client, or their representative, consents to version {current.version}.</p>
          <AgreementForm plan={current} />
        </section>
      )}

      <section className="plan-section" aria-label="Reviews">
        <h3>Reviews</h3>
        {current.reviews.length === 0 ? (
          <p className="muted">No review recorded yet.</p>
        ) : (
          <ul>
            {current.reviews.map((review) => (
              <li key={review.at}>
                {formatDate(review.reviewedOn)}:{' '}
                {review.outcome === 'updated' ? `plan updated (version ${review.version})` : 'no change'}, next review{' '}
                {formatDate(review.nextReviewDate)} · by {review.byName ?? 'unknown'}
                {review.notes ? ` · ${review.notes}` : ''}
              </li>
            ))}
          </ul>
        )}
        {canWrite && inUse && <ReviewForm plan={current} />}
      </section>

      {canWrite && (
        <section className="plan-section" aria-label="Status">
          <h3>Status</h3>
          <StatusForm plan={current} />
        </section>
      )}

      <section className="plan-section" aria-label="History">
        <h3>History</h3>
        <ul className="plan-history">
          {current.history.map((line, index) => (
            <li key={`${line.at}-${index}`}>
              <span className="muted small">
                {formatDateTime(line.at)} · {line.byName ?? 'system'}
              </span>{' '}
              {line.summary}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
