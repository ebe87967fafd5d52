import type { QualityMetric } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { qualityQuery } from './get-reports';
import type { ReportFilters } from './report-params';
import { Loaded } from './report-states';

function metricValue(metric: QualityMetric): string {
  if (metric.value === null) return '—';
  return metric.unit === '%' ? `${metric.value.toFixed(1)}%` : `${metric.value.toFixed(1)}/5`;
}

function metricDetail(metric: QualityMetric): string {
  if (metric.value === null) return metric.empty;
  if (metric.unit === '/5') return `From ${metric.denominator} rating${metric.denominator === 1 ? '' : 's'}`;
  return `${metric.numerator} of ${metric.denominator}`;
}

/** Quality Metrics computed from what was recorded, each with its rule, and the Care Diary Summary. */
export function QualityTab({ filters }: { filters: ReportFilters }) {
  const quality = useQuery(qualityQuery(filters));
  return (
    <Loaded query={quality} what="quality metrics">
      {(data) => (
        <div className="report-stack">
          <section className="card report-card" aria-labelledby="report-quality-title">
            <h2 id="report-quality-title" className="card-title">
              Quality Metrics
            </h2>
            <ul className="report-metrics" data-testid="report-quality">
              {data.metrics.map((metric) => (
                <li key={metric.key} className="report-metric">
                  <span className="report-metric-label">{metric.label}</span>
                  <span className="report-metric-value">{metricValue(metric)}</span>
                  <span className="report-metric-detail">{metricDetail(metric)}</span>
                  <span className="muted small">{metric.rule}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="card report-card" aria-labelledby="report-diary-title">
            <h2 id="report-diary-title" className="card-title">
              Care Diary Summary
            </h2>
            <dl className="report-diary" data-testid="report-diary">
              <div>
                <dt>Total entries</dt>
                <dd>{data.diary.totalEntries}</dd>
              </div>
              <div>
                <dt>Care notes</dt>
                <dd>{data.diary.careNotes}</dd>
              </div>
              <div>
                <dt>Incidents reported</dt>
                <dd>{data.diary.incidents}</dd>
              </div>
              <div>
                <dt>Medication entries</dt>
                <dd>{data.diary.medicationEntries}</dd>
              </div>
            </dl>
            <p className="muted small">Diary entries dated in the range, by entry type.</p>
          </section>
        </div>
      )}
    </Loaded>
  );
}
