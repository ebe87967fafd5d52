import type { AppointmentDayFigures } from '@care/events';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../shared/format';

/** The three series of the chart, each with its colour (visits.css uses the same). */
const SERIES = [
  { key: 'completed', label: 'Completed', color: '#15803d' },
  { key: 'missed', label: 'Missed', color: '#c2261c' },
  { key: 'lateArrivals', label: 'Late', color: '#d97706' },
] as const satisfies readonly { key: keyof AppointmentDayFigures; label: string; color: string }[];

/**
 * Completed, missed and late visits per day as grouped bars (recharts), with the same figures as a table for
 * screen readers.
 */
export function VisitAnalyticsChart({ days }: { days: readonly AppointmentDayFigures[] }) {
  const data = days.map((day) => ({ ...day, label: formatDate(day.date).slice(0, 5) }));
  return (
    <figure className="analytics-chart">
      <div className="analytics-scroll" role="img" aria-label="Completed, missed and late visits per day">
        <ResponsiveContainer width="100%" height={240} minWidth={Math.max(320, days.length * 40)}>
          <BarChart data={data} margin={{ top: 10, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
            <Tooltip />
            <Legend />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.label}
                fill={series.color}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="analytics-table">
        <summary>Show the figures</summary>
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Visits</th>
                {SERIES.map((series) => (
                  <th key={series.key} scope="col">
                    {series.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{formatDate(day.date)}</td>
                  <td>{day.total}</td>
                  {SERIES.map((series) => (
                    <td key={series.key}>{day[series.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
