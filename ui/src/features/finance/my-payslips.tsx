import type { PayslipView } from '@care/events';
import { formatDate, formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { formatPence } from './money';
import './payroll.css';
import { hoursLabel, MY_PAYSLIPS_PATH, myPayslipPdfPath } from './payroll-api';

/** /finance for a carer: only their own payslips (the server limits the query to the carer linked to the account). */
export function MyPayslips() {
  const payslips = usePagedList<PayslipView>(MY_PAYSLIPS_PATH, {});
  const rows = payslips.items;
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">My payslips</h1>
          <p className="page-subtitle">
            Your pay for each processed period. Tax, National Insurance and pension are an estimate before the payroll
            bureau&apos;s figures.
          </p>
        </div>
      </div>
      <div className="card finance-mine">
        {payslips.isPending ? (
          <ListLoading what="payslips" />
        ) : payslips.isError ? (
          <ListLoadError what="payslips" error={payslips.error} onRetry={() => void payslips.refetch()} />
        ) : rows.length === 0 ? (
          <p className="empty-hint">
            No payslips yet. They appear here once the agency processes payroll for a period you worked.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" data-testid="my-payslips">
              <caption className="sr-only">My payslips</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Hours</th>
                  <th scope="col">Gross</th>
                  <th scope="col">Net (estimate)</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Payslip</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((payslip) => (
                  <tr key={payslip.payslipId}>
                    <td>
                      {formatDate(payslip.periodStart)} – {formatDate(payslip.periodEnd)}
                    </td>
                    <td data-label="Hours">{hoursLabel(payslip.workedMinutes)}</td>
                    <td data-label="Gross">{formatPence(payslip.grossPence)}</td>
                    <td data-label="Net (estimate)">{formatPence(payslip.netPence)}</td>
                    <td data-label="Sent">{payslip.sentAt ? formatDateTime(payslip.sentAt) : '–'}</td>
                    <td>
                      <a
                        className="button button-secondary button-small"
                        href={myPayslipPdfPath(payslip)}
                        target="_blank"
                        rel="noreferrer"
                      >
                        View Payslip<span className="sr-only"> {formatDate(payslip.periodStart)}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <LoadMore
          shown={rows.length}
          total={payslips.total}
          hasMore={payslips.hasNextPage}
          loading={payslips.isFetchingNextPage}
          onLoadMore={() => void payslips.fetchNextPage()}
        />
      </div>
    </section>
  );
}
