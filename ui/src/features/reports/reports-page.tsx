import { can } from '@care/events';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Activity, BarChart3, ClipboardCheck, LayoutDashboard, ShieldAlert, Trophy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { isUnder } from '../../shared/live';
import { Tabs } from '../../shared/tabs';
import { ComplianceTab } from './compliance-tab';
import { ExportReportsCard } from './export-reports-card';
import { ScheduledReports } from './scheduled-reports';
import { OperationalTab } from './operational-tab';
import { OverviewTab } from './overview-tab';
import { PerformanceTab } from './performance-tab';
import { QualityTab } from './quality-tab';
import { DEFAULT_REPORT_FILTERS, filtersComplete, type ReportFilters, type ReportTab } from './report-params';
import { ReportFilterBar } from './report-filter-bar';
import { EmptyReport } from './report-states';
import './reports.css';

const underReports = ({ queryKey: [url] }: { queryKey: readonly unknown[] }) =>
  typeof url === 'string' && isUnder(url, '/api/reports');

/** /reports (Reports & Analytics): five tabs of figures from the reports projection, live by push. */
export function ReportsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ReportFilters>(DEFAULT_REPORT_FILTERS);
  const [tab, setTab] = useState<ReportTab>('overview');
  const fetching = useIsFetching({ predicate: underReports }) > 0;

  if (!can(user.role, 'reports.read')) {
    return (
      <section className="page">
        <div className="card empty-state" role="alert">
          <ShieldAlert size={36} aria-hidden className="empty-icon" />
          <h1 className="page-title">Access Denied</h1>
          <p>Reports are available to administrators and coordinators.</p>
        </div>
      </section>
    );
  }

  const complete = filtersComplete(filters);
  const body = (render: () => ReactNode) => () =>
    complete ? render() : <EmptyReport text="Choose both days of the custom range" />;
  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Reports &amp; Analytics</h1>
          <p className="page-subtitle">
            Figures computed from the care records, for the range, region and carer chosen.
          </p>
        </div>
      </div>
      <ReportFilterBar
        value={filters}
        onChange={setFilters}
        refreshing={fetching}
        onRefresh={() => void queryClient.invalidateQueries({ predicate: underReports })}
      />
      <Tabs
        label="Reports"
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'overview',
            label: 'Overview',
            icon: LayoutDashboard,
            render: body(() => (
              <OverviewTab
                filters={filters}
                exports={
                  <>
                    <ExportReportsCard filters={filters} />
                    <ScheduledReports defaults={{ region: filters.region, carerId: filters.carerId }} />
                  </>
                }
              />
            )),
          },
          {
            value: 'performance',
            label: 'Performance',
            icon: Trophy,
            render: body(() => <PerformanceTab filters={filters} />),
          },
          {
            value: 'compliance',
            label: 'Compliance',
            icon: ClipboardCheck,
            render: body(() => <ComplianceTab filters={filters} />),
          },
          { value: 'quality', label: 'Quality', icon: BarChart3, render: body(() => <QualityTab filters={filters} />) },
          {
            value: 'operational',
            label: 'Operational',
            icon: Activity,
            render: body(() => <OperationalTab filters={filters} />),
          },
        ]}
      />
    </section>
  );
}
