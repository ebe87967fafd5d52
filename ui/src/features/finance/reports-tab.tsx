import {
  convertPence,
  formatMinorUnits,
  ukDate,
  type ExchangeRatesReply,
  type FinanceOverviewView,
} from '@care/events';
import { FileSpreadsheet, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { DateInput } from '../../shared/date-fields/date-input';
import { download, reportPath, type ReportFormat } from './contract-api';
import { formatPence } from './money';
import { REPORT_TILES } from './report-tiles';

const londonToday = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/** The summary's three currencies: GBP from the figures, USD and EUR at the rates an admin set (none: a dash). */
function Amounts({
  pence,
  rates,
  testId,
}: {
  pence: number | undefined;
  rates: ExchangeRatesReply['current'];
  testId: string;
}) {
  if (pence === undefined) return <td>…</td>;
  return (
    <>
      <td data-label="GBP" data-testid={`${testId}-gbp`}>
        {formatPence(pence)}
      </td>
      <td data-label="USD" data-testid={`${testId}-usd`}>
        {rates ? formatMinorUnits(convertPence(pence, rates.rates.USD), 'USD') : '–'}
      </td>
      <td data-label="EUR" data-testid={`${testId}-eur`}>
        {rates ? formatMinorUnits(convertPence(pence, rates.rates.EUR), 'EUR') : '–'}
      </td>
    </>
  );
}

/** Financial Reports: a GBP/USD/EUR summary of this month and the report tiles, each Generate making a real file. */
export function ReportsTab({
  overview,
  rates,
}: {
  overview: FinanceOverviewView | undefined;
  rates: ExchangeRatesReply | undefined;
}) {
  const id = useId();
  const today = londonToday();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [formats, setFormats] = useState<Record<string, ReportFormat>>({});
  const current = rates?.current ?? null;
  const rangeError = !from || !to ? 'Choose both dates' : from > to ? 'From must be on or before To' : null;
  return (
    <div className="finance-invoicing">
      <div className="card">
        <h2 className="card-title">Summary this month</h2>
        <p className="page-subtitle">
          {current
            ? `USD and EUR at the rates set for ${ukDate(current.effectiveOn)} (not live rates).`
            : 'No exchange rates set: USD and EUR are not shown.'}
        </p>
        <div className="table-wrap">
          <table className="data-table" data-testid="finance-currency-summary">
            <thead>
              <tr>
                <th scope="col">Figure</th>
                <th scope="col">GBP</th>
                <th scope="col">USD</th>
                <th scope="col">EUR</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Revenue</th>
                <Amounts pence={overview?.totalRevenuePence} rates={current} testId="summary-revenue" />
              </tr>
              <tr>
                <th scope="row">Expenses</th>
                <Amounts pence={overview?.expensesPence} rates={current} testId="summary-expenses" />
              </tr>
              <tr>
                <th scope="row">Net profit</th>
                <Amounts pence={overview?.netProfitPence} rates={current} testId="summary-net" />
              </tr>
              <tr>
                <th scope="row">Pending invoices</th>
                <Amounts pence={overview?.pendingInvoicesPence} rates={current} testId="summary-pending" />
              </tr>
            </tbody>
          </table>
        </div>
      </div>
      <div className="card">
        <div className="finance-list-header">
          <h2 className="card-title">Reports</h2>
          <div className="finance-generate-fields">
            <div className="finance-field">
              <label htmlFor={`${id}-from`}>From</label>
              <DateInput
                id={`${id}-from`}
                className="input"
                value={from}
                onChange={(event) => setFrom(event.target.value)}
              />
            </div>
            <div className="finance-field">
              <label htmlFor={`${id}-to`}>To</label>
              <DateInput id={`${id}-to`} className="input" value={to} onChange={(event) => setTo(event.target.value)} />
            </div>
          </div>
        </div>
        {rangeError && (
          <p className="field-error" role="alert">
            {rangeError}
          </p>
        )}
        <ul className="finance-report-tiles">
          {REPORT_TILES.map((tile) => {
            const format = formats[tile.key] ?? 'pdf';
            return (
              <li key={tile.key} className="finance-report-tile" data-testid={`report-${tile.key}`}>
                <h3>{tile.title}</h3>
                <p>{tile.description}</p>
                <div className="finance-report-actions">
                  <label className="finance-filter">
                    Format<span className="sr-only"> of {tile.title}</span>
                    <select
                      className="input"
                      value={format}
                      onChange={(event) => setFormats({ ...formats, [tile.key]: event.target.value as ReportFormat })}
                    >
                      <option value="pdf">PDF</option>
                      <option value="csv">CSV</option>
                    </select>
                  </label>
                  <button
                    type="button"
                    className="button button-primary button-small"
                    disabled={rangeError !== null}
                    onClick={() => download(reportPath(tile.key, format, { from, to }))}
                  >
                    {format === 'pdf' ? <FileText size={14} aria-hidden /> : <FileSpreadsheet size={14} aria-hidden />}
                    Generate<span className="sr-only"> {tile.title}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
