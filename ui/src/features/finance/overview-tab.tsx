import type { FinanceOverviewView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../shared/format';
import { invoicesQuery } from './finance-api';
import { formatPence, monthLabel } from './money';

/** Revenue tracking (six months) and the outstanding, unpaid invoices. */
export function OverviewTab({ overview }: { overview: FinanceOverviewView | undefined }) {
  const overdue = useQuery(invoicesQuery('overdue', 20));
  const processing = useQuery(invoicesQuery('processing', 20));
  const pending = useQuery(invoicesQuery('pending', 20));
  const outstanding = [...(overdue.data?.items ?? []), ...(processing.data?.items ?? []), ...(pending.data?.items ?? [])];
  const data = (overview?.months ?? []).map((month) => ({
    label: monthLabel(month.month),
    Revenue: month.revenuePence / 100,
    Expenses: month.expensesPence / 100,
    'Net profit': month.netProfitPence / 100,
  }));
  return (
    <div className="finance-overview">
      <div className="card finance-chart">
        <h2 className="card-title">Revenue tracking</h2>
        <p className="page-subtitle">Monthly revenue (invoiced less credit notes), total expenses and net profit, in pounds.</p>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} tickFormatter={(value: number) => `£${value}`} />
            <Tooltip formatter={(value) => formatPence(Math.round(Number(value) * 100))} />
            <Legend />
            <Bar dataKey="Revenue" fill="#0b6e77" isAnimationActive={false} />
            <Bar dataKey="Expenses" fill="#b45309" isAnimationActive={false} />
            <Bar dataKey="Net profit" fill="#15803d" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="card">
        <h2 className="card-title">Outstanding invoices</h2>
        {outstanding.length === 0 ? (
          <p className="empty-hint">No unpaid invoices.</p>
        ) : (
          <ul className="finance-outstanding" data-testid="finance-outstanding">
            {outstanding.map((invoice) => (
              <li key={invoice.id}>
                <span>
                  <strong>{invoice.number}</strong> {invoice.clientName ?? ''} · {invoice.funderName ?? ''}
                </span>
                <span>
                  {formatPence(invoice.outstandingPence)} due {formatDate(invoice.dueOn)}{' '}
                  <span className={`badge finance-status-${invoice.status}`}>{invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
