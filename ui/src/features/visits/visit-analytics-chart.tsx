import type { AppointmentDayFigures } from '@care/events';
import { formatDate } from '../../shared/format';

/** The three series of the chart, each with its colour (visits.css uses the same). */
const SERIES = [
  { key: 'completed', label: 'Completed', color: '#15803d' },
  { key: 'missed', label: 'Missed', color: '#c2261c' },
  { key: 'lateArrivals', label: 'Late', color: '#d97706' },
] as const satisfies readonly { key: keyof AppointmentDayFigures; label: string; color: string }[];

const HEIGHT = 220;
const PLOT_TOP = 10;
const PLOT_BOTTOM = 190;
const AXIS_LEFT = 34;
const DAY_WIDTH = 56;

/** A round step for the y axis so it shows at most about 5 gridlines. */
function axisStep(max: number): number {
  const rough = Math.max(1, max / 5);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * magnitude).find((step) => step >= rough) ?? rough;
}

/**
 * Completed, missed and late visits per day as grouped bars (an SVG of our own: no chart library is installed),
 * with the same figures as a table for screen readers.
 */
export function VisitAnalyticsChart({ days }: { days: readonly AppointmentDayFigures[] }) {
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map((series) => day[series.key])));
  const step = axisStep(max);
  const top = Math.ceil(max / step) * step;
  const y = (value: number) => PLOT_BOTTOM - (value / top) * (PLOT_BOTTOM - PLOT_TOP);
  const width = AXIS_LEFT + days.length * DAY_WIDTH + 8;
  const barWidth = (DAY_WIDTH - 14) / SERIES.length;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  return (
    <figure className="analytics-chart">
      <div className="analytics-legend" aria-hidden>
        {SERIES.map((series) => (
          <span key={series.key}>
            <span className="analytics-swatch" style={{ background: series.color }} />
            {series.label}
          </span>
        ))}
      </div>
      <div className="analytics-scroll">
        <svg width={width} height={HEIGHT} role="img" aria-label="Completed, missed and late visits per day" className="analytics-svg">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={AXIS_LEFT} x2={width} y1={y(tick)} y2={y(tick)} className="analytics-gridline" />
              <text x={AXIS_LEFT - 6} y={y(tick) + 4} textAnchor="end" className="analytics-axis">
                {tick}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x0 = AXIS_LEFT + index * DAY_WIDTH + 7;
            return (
              <g key={day.date}>
                {SERIES.map((series, seriesIndex) => (
                  <rect
                    key={series.key}
                    x={x0 + seriesIndex * barWidth}
                    y={y(day[series.key])}
                    width={barWidth - 2}
                    height={PLOT_BOTTOM - y(day[series.key])}
                    fill={series.color}
                  >
                    <title>{`${formatDate(day.date)}: ${day[series.key]} ${series.label.toLowerCase()}`}</title>
                  </rect>
                ))}
                <text x={x0 + (DAY_WIDTH - 14) / 2} y={PLOT_BOTTOM + 18} textAnchor="middle" className="analytics-axis">
                  {formatDate(day.date).slice(0, 5)}
                </text>
              </g>
            );
          })}
        </svg>
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
