import type { DashboardStats } from '@care/events';
import { Gauge } from 'lucide-react';

/**
 * Quick Stats, computed by the server; a figure with nothing behind it says so. `own`: a
 * carer's dashboard, whose figures are their own visits and training (DashboardStats per audience).
 */
export function QuickStats({ stats, own }: { stats: DashboardStats | undefined; own: boolean }) {
  const quick = stats?.quickStats;
  const rows: { label: string; value: string; none: boolean; note: string; testId: string }[] = [
    {
      label: 'On-time rate',
      testId: 'quick-on-time',
      value: quick ? (quick.onTimeRate === null ? 'No completed visits' : `${quick.onTimeRate.toFixed(1)}%`) : '…',
      none: quick?.onTimeRate === null,
      note: own
        ? 'Your completed visits started on time, last 30 days'
        : 'Completed visits started on time, last 30 days',
    },
    {
      label: 'Client satisfaction',
      testId: 'quick-satisfaction',
      value: quick
        ? quick.clientSatisfaction === null
          ? 'No ratings yet'
          : `${quick.clientSatisfaction.toFixed(1)}/5`
        : '…',
      none: quick?.clientSatisfaction === null,
      note:
        quick && quick.ratingsCount > 0
          ? `From ${quick.ratingsCount} ${quick.ratingsCount === 1 ? 'rating' : 'ratings'} at ${own ? 'your ' : ''}check-out${own && quick.ratingsCount !== 1 ? 's' : ''}`
          : 'Ratings recorded at check-out',
    },
    {
      label: 'Training compliance',
      testId: 'quick-training',
      value: quick
        ? quick.trainingCompliance === null
          ? 'No active carers'
          : `${quick.trainingCompliance.toFixed(1)}%`
        : '…',
      none: quick?.trainingCompliance === null,
      note: own ? 'Your required training in date' : 'Mean of the active carers’ compliance',
    },
  ];
  return (
    <section className="card dashboard-block" aria-labelledby="quick-stats-title">
      <h2 id="quick-stats-title" className="card-title">
        <Gauge size={18} aria-hidden />
        Quick Stats
      </h2>
      <dl className="quick-stats">
        {rows.map((row) => (
          <div key={row.label} className="quick-stat">
            <dt>
              {row.label}
              <span className="muted small">{row.note}</span>
            </dt>
            <dd data-testid={row.testId} className={row.none ? 'quick-stat-none' : undefined}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
