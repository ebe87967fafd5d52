import type { DashboardStats } from '@care/events';
import { Gauge } from 'lucide-react';

/** Quick Stats (spec part 1 section 2.6), computed by the server; a figure with nothing behind it says so. */
export function QuickStats({ stats }: { stats: DashboardStats | undefined }) {
  const quick = stats?.quickStats;
  const rows: { label: string; value: string; none: boolean; note: string; testId: string }[] = [
    {
      label: 'On-time rate',
      testId: 'quick-on-time',
      value: quick ? (quick.onTimeRate === null ? 'No completed visits' : `${quick.onTimeRate.toFixed(1)}%`) : '…',
      none: quick?.onTimeRate === null,
      note: 'Completed visits started on time, last 30 days',
    },
    {
      label: 'Client satisfaction',
      testId: 'quick-satisfaction',
      value: quick ? (quick.clientSatisfaction === null ? 'No ratings yet' : `${quick.clientSatisfaction.toFixed(1)}/5`) : '…',
      none: quick?.clientSatisfaction === null,
      note: quick && quick.ratingsCount > 0 ? `From ${quick.ratingsCount} ${quick.ratingsCount === 1 ? 'rating' : 'ratings'} at check-out` : 'Ratings recorded at check-out',
    },
    {
      label: 'Training compliance',
      testId: 'quick-training',
      value: quick ? (quick.trainingCompliance === null ? 'No active carers' : `${quick.trainingCompliance.toFixed(1)}%`) : '…',
      none: quick?.trainingCompliance === null,
      note: 'Mean of the active carers’ compliance',
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
