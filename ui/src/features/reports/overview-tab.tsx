import { londonToday, type ReportOverview } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarCheck, CheckCircle2, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate } from '../../shared/format';
import { StatCard } from '../../shared/stat-card';
import { overviewQuery } from './get-reports';
import type { ReportFilters } from './report-params';
import { EmptyReport, Loaded, percentText } from './report-states';
import { chartPoints, SO_FAR_LABEL } from './trend-points';

const BUCKET_LABEL = { day: 'per day', week: 'per week (from Monday)', month: 'per month' } as const;

/** Overview: the four stat cards and the trend of visits and completion over the range. */
export function OverviewTab({ filters, exports }: { filters: ReportFilters; exports: ReactNode }) {
  const overview = useQuery(overviewQuery(filters));
  return (
    <Loaded query={overview} what="the overview">
      {(data) => (
        <div className="report-stack">
          <div className="stat-grid report-stats">
            <StatCard
              icon={<CalendarCheck size={22} />}
              label="Total Appointments"
              value={String(data.totalAppointments)}
              testId="report-total"
              note="Every appointment in the range"
            />
            <StatCard
              icon={<CheckCircle2 size={22} />}
              label="Completion Rate"
              value={percentText(data.completionRate)}
              testId="report-completion"
              note={
                data.completionRate === null
                  ? 'No appointments in the range'
                  : `${data.completed} of ${data.totalAppointments} completed`
              }
            />
            <StatCard
              icon={<Clock size={22} />}
              label="Punctuality Rate"
              value={percentText(data.punctualityRate)}
              testId="report-punctuality"
              note={
                data.punctualityRate === null
                  ? 'No completed appointments'
                  : `${data.onTime} of ${data.completed} started at most 15 minutes late`
              }
            />
            <StatCard
              icon={<AlertTriangle size={22} />}
              label="Alerts"
              value={String(data.activeAlerts)}
              testId="report-alerts"
              note={
                filters.carerId || filters.region
                  ? 'Not yet acknowledged, about the carers chosen'
                  : 'Not yet acknowledged, as on your dashboard'
              }
            />
          </div>
          <TrendChart trend={data.trend} scope={data.scope} />
          {exports}
        </div>
      )}
    </Loaded>
  );
}

function TrendChart({ trend, scope }: { trend: ReportOverview['trend']; scope: ReportOverview['scope'] }) {
  const hasVisits = trend.points.some((point) => point.total > 0);
  const data = chartPoints(trend, scope, londonToday());
  const soFar = data.some((point) => point.partial) ? SO_FAR_LABEL[trend.bucket] : null;
  return (
    <section className="card report-card" aria-labelledby="report-trend-title">
      <h2 id="report-trend-title" className="card-title">
        Visits and completion {BUCKET_LABEL[trend.bucket]}
      </h2>
      {!hasVisits ? (
        <EmptyReport text="No appointments in this range" />
      ) : (
        <figure className="report-chart" data-testid="report-trend-chart">
          <div
            role="img"
            aria-label={`Appointments, completed appointments and completion rate ${BUCKET_LABEL[trend.bucket]}`}
          >
            <ResponsiveContainer width="100%" height={260}>
              <ComposedChart data={data} margin={{ top: 10, right: 8, bottom: 0, left: -12 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12 }} />
                <YAxis yAxisId="rate" orientation="right" domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar yAxisId="count" dataKey="total" name="Appointments" fill="#94a3b8" isAnimationActive={false}>
                  {data.map((point) => (
                    <Cell key={point.start} fillOpacity={point.partial ? 0.4 : 1} />
                  ))}
                </Bar>
                <Bar yAxisId="count" dataKey="completed" name="Completed" fill="#0b6e77" isAnimationActive={false}>
                  {data.map((point) => (
                    <Cell key={point.start} fillOpacity={point.partial ? 0.4 : 1} />
                  ))}
                </Bar>
                <Line
                  yAxisId="rate"
                  dataKey="rate"
                  name="Completion rate"
                  stroke="#b45309"
                  strokeWidth={2}
                  dot={{ r: 3 }}
                  connectNulls={false}
                  isAnimationActive={false}
                />
                {soFar && (
                  <Line
                    yAxisId="rate"
                    dataKey="rateSoFar"
                    name={`Completion rate, ${soFar.toLowerCase()}`}
                    stroke="#b45309"
                    strokeWidth={2}
                    strokeDasharray="5 4"
                    legendType="plainline"
                    dot={{ r: 3, fill: '#fff' }}
                    connectNulls={false}
                    isAnimationActive={false}
                  />
                )}
              </ComposedChart>
            </ResponsiveContainer>
          </div>
          {soFar && (
            <p className="muted small report-chart-note" data-testid="report-trend-partial">
              {soFar}: {trend.bucket === 'day' ? 'the day' : `the ${trend.bucket}`} is not over, so visits still to come
              count as not completed yet. Its bars are paler and its line is dashed.
            </p>
          )}
          <details className="analytics-table">
            <summary>Show the figures</summary>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Appointments</th>
                    <th scope="col">Completed</th>
                    <th scope="col">Completion rate</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((point) => (
                    <tr key={point.start}>
                      <td>
                        {formatDate(point.start)}
                        {point.partial && ' (so far)'}
                      </td>
                      <td>{point.total}</td>
                      <td>{point.completed}</td>
                      <td>{percentText(point.completionRate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
      )}
    </section>
  );
}
