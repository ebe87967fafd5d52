import { can } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { FileText, LayoutDashboard, Wallet, PoundSterling, Percent, ReceiptText, ShieldAlert, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { StatCard } from '../../shared/stat-card';
import { Tabs } from '../../shared/tabs';
import { overviewQuery } from './finance-api';
import { InvoicingTab } from './invoicing-tab';
import { formatPence } from './money';
import { OverviewTab } from './overview-tab';
import { MyPayslips } from './my-payslips';
import { PayrollTab } from './payroll-tab';
import './finance.css';

type FinanceTab = 'overview' | 'invoicing' | 'payroll';

/** /finance (spec part 2 "Financial Management"): figures computed from invoices, payments and visit expenses. */
export function FinancePage() {
  const user = useCurrentUser();
  const [tab, setTab] = useState<FinanceTab>('overview');
  const allowed = can(user.role, 'finance.read');
  const overview = useQuery({ ...overviewQuery(), enabled: allowed });

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
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Financial Management</h1>
          <p className="page-subtitle">Invoices from completed visits, payments and credit notes. Amounts in GBP.</p>
        </div>
      </div>
      <div className="stat-grid">
        <StatCard
          icon={<PoundSterling size={20} />}
          label="Total Revenue"
          testId="finance-total-revenue"
          value={figures ? formatPence(figures.totalRevenuePence) : '…'}
          note={change === null || change === undefined ? 'This month; no revenue last month to compare' : `This month, ${change >= 0 ? '+' : ''}${change}% on last month`}
        />
        <StatCard
          icon={<ReceiptText size={20} />}
          label="Pending Invoices"
          testId="finance-pending-invoices"
          value={figures ? formatPence(figures.pendingInvoicesPence) : '…'}
          note={figures ? `${figures.pendingInvoicesCount} ${figures.pendingInvoicesCount === 1 ? 'invoice' : 'invoices'}` : undefined}
        />
        <StatCard icon={<TrendingUp size={20} />} label="Net Profit" testId="finance-net-profit" value={figures ? formatPence(figures.netProfitPence) : '…'} note="This month: revenue less payroll and visit expenses" />
        <StatCard
          icon={<Percent size={20} />}
          label="Profit Margin"
          testId="finance-profit-margin"
          value={figures ? (figures.profitMarginPercent === null ? '–' : `${figures.profitMarginPercent}%`) : '…'}
          note="Net profit over revenue, this month"
        />
      </div>
      <Tabs
        label="Finance"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'overview', label: 'Overview', icon: LayoutDashboard, render: () => <OverviewTab overview={figures} /> },
          { value: 'invoicing', label: 'Invoicing & Billing', icon: FileText, render: () => <InvoicingTab canManage={can(user.role, 'finance.manage')} /> },
          { value: 'payroll', label: 'Payroll Management', icon: Wallet, render: () => <PayrollTab canManage={can(user.role, 'finance.manage')} /> },
        ]}
      />
    </section>
  );
}
