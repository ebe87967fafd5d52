import { REQUIRED_TRAINING_COUNT, TRAINING_TYPE_LABELS, type ComplianceRating } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { enumLabel, formatDate } from '../../shared/format';
import { complianceQuery } from './get-reports';
import type { ReportFilters } from './report-params';
import { EmptyReport, Loaded } from './report-states';

/** A training type as the training screen names it ("CPR", "First Aid"); a type it does not know, from its value. */
const trainingTypeLabel = (type: string): string =>
  (TRAINING_TYPE_LABELS as Readonly<Record<string, string>>)[type] ?? enumLabel(type);

const RATING_BADGE: Record<ComplianceRating, string> = {
  Excellent: 'badge-success',
  Good: 'report-badge-info',
  'Needs Attention': 'report-badge-danger',
};

/** Training Compliance Status per active carer now, and the training expiring within 30 days. */
export function ComplianceTab({ filters }: { filters: ReportFilters }) {
  const compliance = useQuery(complianceQuery(filters));
  return (
    <Loaded query={compliance} what="compliance">
      {(data) => (
        <div className="report-stack">
          <section className="card report-card" aria-labelledby="report-compliance-title">
            <h2 id="report-compliance-title" className="card-title">
              Training Compliance Status
            </h2>
            {data.carers.length === 0 ? (
              <EmptyReport text="No compliance data available" hint="No active carer matches the filters." />
            ) : (
              <>
                <p className="muted small">
                  Required training types with a current record ÷ {REQUIRED_TRAINING_COUNT}, today (capped at 100%).
                  Excellent at 90% or more, Good at 70% or more.
                  {data.averageCompliance !== null && ` Average: ${data.averageCompliance.toFixed(1)}%.`}
                </p>
                <ul className="report-compliance-list" data-testid="report-compliance">
                  {data.carers.map((carer) => (
                    <li key={carer.carerId} className="report-compliance-row">
                      <span className="report-compliance-name">{carer.carerName}</span>
                      <span className="report-meter" aria-hidden>
                        <span className="report-meter-fill" style={{ width: `${carer.compliancePercent}%` }} />
                      </span>
                      <span className="report-compliance-figure">
                        {carer.compliancePercent}% ({carer.currentCount} of {carer.required})
                      </span>
                      <span className={`badge ${RATING_BADGE[carer.rating]}`}>{carer.rating}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section className="card report-card" aria-labelledby="report-expiring-title">
            <h2 id="report-expiring-title" className="card-title">
              Expiring within 30 days
            </h2>
            {data.expiring.length === 0 ? (
              <EmptyReport text="No training expires in the next 30 days" />
            ) : (
              <div className="table-wrap">
                <table className="data-table">
                  <thead>
                    <tr>
                      <th scope="col">Carer</th>
                      <th scope="col">Training</th>
                      <th scope="col">Expires</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.expiring.map((record) => (
                      <tr key={record.id}>
                        <td>{record.carerName}</td>
                        <td>{trainingTypeLabel(record.trainingType)}</td>
                        <td>{formatDate(record.expiryDate)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
      )}
    </Loaded>
  );
}
