import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { SeverityBadge } from '../../records/alerts/alert-badges';
import { formatDateTime, formatHours } from '../../shared/format';
import { operationalQuery } from './get-reports';
import type { ReportFilters } from './report-params';
import { EmptyReport, Loaded, percentText } from './report-states';

const hours = (minutes: number) => formatHours(minutes / 60);

/** Resource Utilisation (booked visit hours ÷ rostered shift hours) and the Alert Summary (up to 5 open alerts). */
export function OperationalTab({ filters }: { filters: ReportFilters }) {
  const operational = useQuery(operationalQuery(filters));
  return (
    <Loaded query={operational} what="operational figures">
      {(data) => {
        const measured = data.utilisation.filter((row) => row.percent !== null);
        return (
          <div className="report-stack">
            <section className="card report-card" aria-labelledby="report-utilisation-title">
              <h2 id="report-utilisation-title" className="card-title">
                Resource Utilisation
              </h2>
              <p className="muted small">
                Booked visit hours (appointments with a carer, not cancelled) ÷ rostered shift hours (less breaks), per{' '}
                {data.utilisationBy}. Over 100% means more visits were booked than shifts cover.
              </p>
              {measured.length > 0 && (
                <figure className="report-chart" data-testid="report-utilisation-chart">
                  <div role="img" aria-label={`Utilisation per ${data.utilisationBy}`}>
                    <ResponsiveContainer width="100%" height={Math.max(160, measured.length * 34)}>
                      <BarChart data={measured} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
                        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                        <XAxis type="number" unit="%" tick={{ fontSize: 12 }} />
                        <YAxis type="category" dataKey="label" width={120} tick={{ fontSize: 12 }} />
                        <Tooltip />
                        <Bar dataKey="percent" name="Utilisation" fill="#0b6e77" isAnimationActive={false} />
                      </BarChart>
                    </ResponsiveContainer>
                  </div>
                </figure>
              )}
              {data.utilisation.length === 0 ? (
                <EmptyReport text="No visits or shifts in this range" />
              ) : (
                <div className="table-wrap">
                  <table className="data-table" data-testid="report-utilisation">
                    <thead>
                      <tr>
                        <th scope="col">{data.utilisationBy === 'region' ? 'Region' : 'Carer'}</th>
                        <th scope="col">Booked</th>
                        <th scope="col">Rostered</th>
                        <th scope="col">Utilisation</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.utilisation.map((row) => (
                        <tr key={row.key}>
                          <td>{row.label}</td>
                          <td>{hours(row.bookedMinutes)}</td>
                          <td>{hours(row.shiftMinutes)}</td>
                          <td>{row.percent === null ? 'No shifts rostered' : percentText(row.percent)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            <section className="card report-card" aria-labelledby="report-alerts-title">
              <h2 id="report-alerts-title" className="card-title">
                Alert Summary
              </h2>
              {data.alerts.length === 0 ? (
                <EmptyReport text="No active alerts" />
              ) : (
                <>
                  <ul className="report-alerts" data-testid="report-alert-summary">
                    {data.alerts.map((alert) => (
                      <li key={alert.id} className={`report-alert severity-edge-${alert.severity}`}>
                        <SeverityBadge severity={alert.severity} />
                        <span className="report-alert-text">
                          <strong>{alert.title}</strong>
                          <span className="small">{alert.description}</span>
                          <span className="muted small">Raised {formatDateTime(alert.createdAt)}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                  {data.activeAlerts > data.alerts.length && (
                    <p className="muted small">
                      The {data.alerts.length} most severe of {data.activeAlerts} open alerts.{' '}
                      <Link to="/alerts">See every alert</Link>
                    </p>
                  )}
                </>
              )}
            </section>
          </div>
        );
      }}
    </Loaded>
  );
}
