import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { capitalize } from '../../shared/format';
import { performanceQuery } from './get-reports';
import type { ReportFilters } from './report-params';
import { EmptyReport, Loaded, percentText } from './report-states';

/** Carer Performance Rankings: the top 10 by completion rate. */
export function PerformanceTab({ filters }: { filters: ReportFilters }) {
  const performance = useQuery(performanceQuery(filters));
  return (
    <Loaded query={performance} what="performance">
      {(data) => (
        <section className="card report-card" aria-labelledby="report-rankings-title">
          <h2 id="report-rankings-title" className="card-title">
            Carer Performance Rankings
          </h2>
          {data.rankings.length === 0 ? (
            <EmptyReport text="No performance data available" hint="No carer had an appointment in this range." />
          ) : (
            <>
              <p className="muted small">
                Top {data.rankings.length} of {data.carersWithVisits} carers with appointments in the range, by
                completion rate (completed ÷ all appointments). Punctuality: started at most 15 minutes late, of the
                completed. Average duration: mean scheduled minutes of the completed.
              </p>
              <figure className="report-chart" data-testid="report-rankings-chart">
                <div role="img" aria-label="Completion rate per carer">
                  <ResponsiveContainer width="100%" height={Math.max(160, data.rankings.length * 34)}>
                    <BarChart data={data.rankings} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
                      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                      <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 12 }} />
                      <YAxis type="category" dataKey="carerName" width={120} tick={{ fontSize: 12 }} />
                      <Tooltip />
                      <Bar dataKey="completionRate" name="Completion rate" fill="#0b6e77" isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
              </figure>
              <div className="table-wrap">
                <table className="data-table" data-testid="report-rankings">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">Carer</th>
                      <th scope="col">Region</th>
                      <th scope="col">Appointments</th>
                      <th scope="col">Completion rate</th>
                      <th scope="col">Punctuality</th>
                      <th scope="col">Average duration</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rankings.map((row, index) => (
                      <tr key={row.carerId}>
                        <td>{index + 1}</td>
                        <td>{row.carerName}</td>
                        <td>{row.region ? capitalize(row.region) : '—'}</td>
                        <td>
                          {row.completed} of {row.total} completed
                        </td>
                        <td>{percentText(row.completionRate)}</td>
                        <td>{percentText(row.punctualityRate)}</td>
                        <td>{row.averageDurationMinutes === null ? '—' : `${row.averageDurationMinutes} min`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
      )}
    </Loaded>
  );
}
