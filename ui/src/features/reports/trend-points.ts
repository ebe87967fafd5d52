import type { ReportOverview, TrendBucket } from '@care/events';
import { formatDate } from '../../shared/format';

type TrendPoint = ReportOverview['trend']['points'][number];

/** What the chart calls the bucket that is still going on. */
export const SO_FAR_LABEL: Record<TrendBucket, string> = {
  day: 'Today so far',
  week: 'This week so far',
  month: 'This month so far',
};

export interface ChartPoint extends TrendPoint {
  readonly label: string;
  /** True for the bucket that holds today: its visits still to come count as not completed yet. */
  readonly partial: boolean;
  /** The completion rate of the finished buckets: the solid line. */
  readonly rate: number | null;
  /** The last finished bucket and the one under way: the dashed line, so the unfinished fall reads as such. */
  readonly rateSoFar: number | null;
}

/**
 * The trend's points for the chart. The bucket holding today is unfinished (visits later today are not completed
 * yet), so its completion rate would read as a collapse: it is drawn apart, dashed from the last finished bucket.
 */
export function chartPoints(
  trend: ReportOverview['trend'],
  scope: { readonly to: string },
  today: string,
): ChartPoint[] {
  const { bucket, points } = trend;
  const partialIndex = scope.to >= today ? points.findLastIndex((point) => point.start <= today) : -1;
  return points.map((point, index) => {
    const partial = index === partialIndex;
    const label = partial && bucket === 'day' ? 'Today' : formatDate(point.start).slice(0, bucket === 'month' ? 10 : 5);
    return {
      ...point,
      label,
      partial,
      rate: partial ? null : point.completionRate,
      rateSoFar:
        partialIndex >= 0 && (index === partialIndex || index === partialIndex - 1) ? point.completionRate : null,
    };
  });
}
