import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { useCompliance } from './medication-api';
import { percentText } from './medication-format';

type Row = { id: string; name: string; given: number; due: number; adherence: number | null };

function AdherenceTable({ rows, label }: { rows: readonly Row[]; label: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">{label}, lowest first</caption>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col">Given</th>
            <th scope="col">Due</th>
            <th scope="col">Adherence</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label={label}>{row.name}</td>
              <td data-label="Given">{row.given}</td>
              <td data-label="Due">{row.due}</td>
              <td data-label="Adherence">{percentText(row.adherence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Adherence per client and per medicine over 30 days, lowest first, with a chart of the lowest clients. */
export function ComplianceTab() {
  const compliance = useCompliance();
  if (compliance.isPending) return <ListLoading what="compliance" />;
  if (compliance.isError)
    return <ListLoadError what="compliance" error={compliance.error} onRetry={() => void compliance.refetch()} />;
  const { byClient, byMedicine } = compliance.data;
  if (byClient.length === 0)
    return (
      <div className="card empty-state">
        <p>No active medications yet.</p>
      </div>
    );
  const chart = byClient
    .filter((row) => row.adherence !== null)
    .slice(0, 15)
    .map((row) => ({ name: row.name, adherence: row.adherence }));
  return (
    <div className="tab-body compliance">
      <div className="card" data-testid="compliance-chart">
        <h2 className="section-title">Lowest adherence by client (last 30 days)</h2>
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={chart} margin={{ left: 8, right: 8, bottom: 40 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="name" interval={0} angle={-30} textAnchor="end" height={60} tick={{ fontSize: 11 }} />
            <YAxis domain={[0, 100]} unit="%" />
            <Tooltip formatter={(value) => `${String(value)}%`} />
            <Bar dataKey="adherence" name="Adherence" fill="#0b6e77" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="compliance-tables">
        <div className="card">
          <h2 className="section-title">By client</h2>
          <AdherenceTable rows={byClient} label="Client" />
        </div>
        <div className="card">
          <h2 className="section-title">By medicine</h2>
          <AdherenceTable rows={byMedicine} label="Medicine" />
        </div>
      </div>
    </div>
  );
}
