import { can, convertPence, formatMinorUnits } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import {
  BarChart3,
  FileSignature,
  FileText,
  LayoutDashboard,
  PoundSterling,
  Percent,
  ReceiptText,
  ShieldAlert,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { formatPercent } from '../../shared/format';
import { StatCard } from '../../shared/stat-card';
import { Tabs } from '../../shared/tabs';
import { overviewQuery } from './finance-api';
import { download, exchangeRatesQuery, reportPath } from './contract-api';
import { ContractsTab } from './contracts-tab';
import { CurrencyExchangeDialog, CurrencyStrip } from './currency-strip';
import { ReportsTab } from './reports-tab';
import { EXPORT_DATA_REPORT, GENERATE_REPORT_REPORT } from './report-tiles';
import { InvoicingTab } from './invoicing-tab';
import { formatPence } from './money';
import { OverviewTab } from './overview-tab';
import { MyPayslips } from './my-payslips';
import { PayrollTab } from './payroll-tab';
import './finance.css';

type FinanceTab = 'overview' | 'invoicing' | 'payroll' | 'contracts' | 'reports';

/** /finance (Financial Management): figures computed from invoices, payments and visit expenses. */
export function FinancePage() {
  const user = useCurrentUser();
  const [tab, setTab] = useState<FinanceTab>('overview');
  const allowed = can(user.role, 'finance.read');
  const overview = useQuery({ ...overviewQuery(), enabled: allowed });
  const rates = useQuery({ ...exchangeRatesQuery(), enabled: allowed });
  const [exchanging, setExchanging] = useState(false);

  // A carer sees Finance as their own payslips only (payslips.readOwn).
  if (!allowed && can(user.role, 'payslips.readOwn')) return <MyPayslips />;
  if (!allowed) {
    return (
      <section className="page">
        <div className="card empty-state" role="alert">
          <ShieldAlert size={36} aria-hidden className="empty-icon" />
          <h1 className="page-title">Access Denied</h1>
          <p>Finance is available to administrators and coordinators.</p>
        </div>
      </section>
    );
  }

  const figures = overview.data;
  const change = figures?.revenueChangePercent;
  const currentRates = rates.data?.current ?? null;
  const equivalents =
    figures && currentRates
      ? ` · ${formatMinorUnits(convertPence(figures.totalRevenuePence, currentRates.rates.USD), 'USD')} · ${formatMinorUnits(convertPence(figures.totalRevenuePence, currentRates.rates.EUR), 'EUR')}`
      : '';
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const yearSoFar = { from: `${today.slice(0, 4)}-01-01`, to: today };
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Financial Management</h1>
          <p className="page-subtitle">Invoices from completed visits, payments and credit notes. Amounts in GBP.</p>
        </div>
        <div className="finance-header-actions">
          {can(user.role, 'finance.manage') && (
            <button type="button" className="button button-secondary" onClick={() => setExchanging(true)}>
              Currency Exchange
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => download(reportPath(EXPORT_DATA_REPORT, 'csv', yearSoFar))}
          >
            Export Data
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => download(reportPath(GENERATE_REPORT_REPORT, 'pdf', yearSoFar))}
          >
            Generate Report
          </button>
        </div>
      </div>
      <CurrencyStrip rates={rates.data} failed={rates.isError} />
      {can(user.role, 'finance.manage') && (
        <CurrencyExchangeDialog open={exchanging} onOpenChange={setExchanging} rates={rates.data} />
      )}
      <div className="stat-grid">
        <StatCard
          icon={<PoundSterling size={20} />}
          label="Total Revenue"
          testId="finance-total-revenue"
          value={figures ? formatPence(figures.totalRevenuePence) : '…'}
          note={`${change === null || change === undefined ? 'This month; no revenue last month to compare' : `This month, ${change >= 0 ? '+' : ''}${change}% on last month`}${equivalents}`}
        />
        <StatCard
          icon={<ReceiptText size={20} />}
          label="Pending Invoices"
          testId="finance-pending-invoices"
          value={figures ? formatPence(figures.pendingInvoicesPence) : '…'}
          note={
            figures
              ? `${figures.pendingInvoicesCount} ${figures.pendingInvoicesCount === 1 ? 'invoice' : 'invoices'}`
              : undefined
          }
        />
        <StatCard
          icon={<TrendingUp size={20} />}
          label="Net Profit"
          testId="finance-net-profit"
          value={figures ? formatPence(figures.netProfitPence) : '…'}
          note="This month: revenue less payroll and visit expenses"
        />
        <StatCard
          icon={<Percent size={20} />}
          label="Profit Margin"
          testId="finance-profit-margin"
          value={figures ? formatPercent(figures.profitMarginPercent) : '…'}
          note="Net profit over revenue, this month"
        />
      </div>
      <Tabs
        label="Finance"
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            icon: LayoutDashboard,
            render: () => <OverviewTab overview={figures} />,
          },
          {
            value: 'invoicing',
            label: 'Invoicing & Billing',
            icon: FileText,
            render: () => <InvoicingTab canManage={can(user.role, 'finance.manage')} />,
          },
          {
            value: 'payroll',
            label: 'Payroll Management',
            icon: Wallet,
            render: () => <PayrollTab canManage={can(user.role, 'finance.manage')} />,
          },
          {
            value: 'contracts',
            label: 'Contract Management',
            icon: FileSignature,
            render: () => <ContractsTab canManage={can(user.role, 'finance.manage')} />,
          },
          {
            value: 'reports',
            label: 'Financial Reports',
            icon: BarChart3,
            render: () => <ReportsTab overview={figures} rates={rates.data} />,
          },
        ]}
      />
    </section>
  );
}
