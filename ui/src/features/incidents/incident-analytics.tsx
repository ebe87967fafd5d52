import { INCIDENT_SEVERITY_LABELS, INCIDENT_TYPE_LABELS, type IncidentAnalyticsView } from '@care/events';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { useIncidentAnalytics, type IncidentFilters } from './get-incidents';
import { formatHours } from './incident-format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

/** Bars across (categories with long names, read down the side) or up (the months, across the full width). */
function Chart({
  title,
  bars,
  colour,
  across = false,
}: {
  title: string;
  bars: { label: string; count: number }[];
  colour: string;
  across?: boolean;
}) {
  return (
    <figure className={`card incident-chart${across ? '' : ' incident-chart-wide'}`}>
      <figcaption className="incident-chart-title">{title}</figcaption>
      <div role="img" aria-label={`${title}: ${bars.map((bar) => `${bar.label} ${bar.count}`).join(', ')}`}>
        {across ? (
          <ResponsiveContainer width="100%" height={40 + bars.length * 36}>
            <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 12 }} />
              <Tooltip />
              <Bar dataKey="count" name="Incidents" fill={colour} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        ) : (
          <div className="incident-chart-scroll">
            <ResponsiveContainer width="100%" height={220} minWidth={bars.length * 48}>
              <BarChart data={bars} margin={{ top: 10, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} interval={0} />
                <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
                <Tooltip />
                <Bar dataKey="count" name="Incidents" fill={colour} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </div>
    </figure>
  );
}

/** Analytics: incidents by type, severity and month, and the median time to resolve, for the screen's filters. */
export function IncidentAnalytics({ filters }: { filters: IncidentFilters }) {
  const analytics = useIncidentAnalytics(filters);
  if (analytics.isPending) return <ListLoading what="analytics" />;
  if (analytics.isError)
    return <ListLoadError what="analytics" error={analytics.error} onRetry={() => void analytics.refetch()} />;
  const data: IncidentAnalyticsView = analytics.data;
  return (
    <div className="incident-analytics" data-testid="incident-analytics">
      <div className="card incident-median">
        <p className="stat-label">Median time to resolve</p>
        <p className="stat-value" data-testid="median-time-to-resolve">
          {formatHours(data.medianHoursToResolve)}
        </p>
        <p className="stat-note">
          From when it happened to its first resolution, over {data.resolvedCount} resolved incidents
        </p>
      </div>
      <div className="incident-charts">
        <Chart
          across
          title="Incidents by type"
          colour="#0b6e77"
          bars={data.byType.map((entry) => ({ label: INCIDENT_TYPE_LABELS[entry.type], count: entry.count }))}
        />
        <Chart
          across
          title="Incidents by severity"
          colour="#c2261c"
          bars={data.bySeverity.map((entry) => ({
            label: INCIDENT_SEVERITY_LABELS[entry.severity],
            count: entry.count,
          }))}
        />
        <Chart
          title="Incidents by month"
          colour="#4f5d70"
          bars={data.byMonth.map((entry) => ({ label: monthLabel(entry.month), count: entry.count }))}
        />
      </div>
    </div>
  );
}
