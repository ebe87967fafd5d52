import type { FinanceOverviewView, InvoiceView } from '@care/events';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatPoundsAxis } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { INVOICES_PATH } from './finance-api';
import { formatPence, monthLabel } from './money';

/** Revenue tracking (six months) and the outstanding, unpaid invoices. */
export function OverviewTab({ overview }: { overview: FinanceOverviewView | undefined }) {
  // Every unpaid invoice, the most overdue first, paged on the server (none is cut off).
  const unpaid = usePagedList<InvoiceView>(INVOICES_PATH, { status: 'unpaid' });
  const outstanding = unpaid.items;
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
        <p className="page-subtitle">
          Monthly revenue (invoiced less credit notes), total expenses and net profit, in pounds.
        </p>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis tick={{ fontSize: 12 }} tickFormatter={formatPoundsAxis} />
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
        {unpaid.isPending ? (
          <ListLoading what="outstanding invoices" />
        ) : unpaid.isError ? (
          <ListLoadError what="outstanding invoices" error={unpaid.error} onRetry={() => void unpaid.refetch()} />
        ) : outstanding.length === 0 ? (
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
                  <span className={`badge finance-status-${invoice.status}`}>
                    {invoice.status.charAt(0).toUpperCase() + invoice.status.slice(1)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <LoadMore
          shown={outstanding.length}
          total={unpaid.total}
          hasMore={unpaid.hasNextPage}
          loading={unpaid.isFetchingNextPage}
          onLoadMore={() => void unpaid.fetchNextPage()}
        />
      </div>
    </div>
  );
}
