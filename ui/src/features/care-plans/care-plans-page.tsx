import { can, QUALITY_RULE_TEXT, type CarePlanView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  CalendarClock,
  ClipboardCheck,
  FileText,
  Gauge,
  LayoutGrid,
  LayoutTemplate,
  ListChecks,
  Plus,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../shared/current-user';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { useDebouncedValue } from '../../shared/paged-list';
import { StatCard } from '../../shared/stat-card';
import { Tabs, type TabItem } from '../../shared/tabs';
import { CarePlanCard } from './care-plan-card';
import { CarePlanDetailDialog } from './care-plan-detail-dialog';
import { CarePlanFormDialog } from './care-plan-form-dialog';
import { carePlanStatsQueryOptions, useCarePlanList, type PlanListView, type PlanSort } from './care-plan-queries';
import { FullPlanDialog } from './full-plan-dialog';
import { QualityMetrics } from './quality-metrics';
import { ScheduleReviewDialog } from './schedule-review-dialog';
import { TemplatesPanel } from './templates-panel';
import './care-plans.css';

type CarePlanTab = 'overview' | 'active' | 'due' | 'templates' | 'quality';

/** The list tabs: which plans, in which order, and what the empty list says. */
const LIST_TABS: Record<'overview' | 'active' | 'due', { view: PlanListView; sort: PlanSort; empty: string }> = {
  overview: { view: 'all', sort: 'review', empty: 'No care plans yet.' },
  active: { view: 'active', sort: 'client', empty: 'No active care plans.' },
  due: { view: 'due', sort: 'review', empty: 'No care plans due for review in the next 30 days.' },
};

type Dialog =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'edit'; plan: CarePlanView }
  | { kind: 'view'; planId: string }
  | { kind: 'full'; planId: string }
  | { kind: 'schedule'; plan: CarePlanView };

function PlanList({
  tab,
  search,
  buttons,
}: {
  tab: keyof typeof LIST_TABS;
  search: string;
  buttons: (plan: CarePlanView) => ReactNode;
}) {
  const { view, sort, empty } = LIST_TABS[tab];
  const list = useCarePlanList(view, search, sort);
  if (list.isPending) return <ListLoading what="care plans" />;
  if (list.isError) return <ListLoadError what="care plans" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.items.length === 0) {
    return (
      <div className="card empty-state">
        <FileText size={36} aria-hidden className="empty-icon" />
        <p>{search.trim() ? 'No care plans found matching your search.' : empty}</p>
      </div>
    );
  }
  return (
    <>
      <div className="care-plan-grid">
        {list.items.map((plan) => (
          <CarePlanCard key={plan.id} plan={plan} actions={buttons(plan)} />
        ))}
      </div>
      <LoadMore
        shown={list.items.length}
        total={list.total}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
      />
    </>
  );
}

/** Care Planner: live figures, plans by tab, templates and quality. */
export function CarePlansPage() {
  const { role } = useCurrentUser();
  const canWrite = can(role, 'carePlans.write');
  const readsAll = can(role, 'carePlans.read');
  const stats = useQuery(carePlanStatsQueryOptions);
  const [tab, setTab] = useState<CarePlanTab>('overview');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const figure = (read: (value: NonNullable<typeof stats.data>) => string) =>
    stats.data ? read(stats.data) : stats.isError ? '—' : '…';

  const button = (label: string, onClick: () => void, primary = false) => (
    <button
      type="button"
      className={`button button-small ${primary ? 'button-primary' : 'button-secondary'}`}
      onClick={onClick}
    >
      {label}
    </button>
  );
  const inUse = (plan: CarePlanView) => plan.status !== 'inactive';
  const buttonsOf: Record<keyof typeof LIST_TABS, (plan: CarePlanView) => ReactNode> = {
    overview: (plan) => (
      <>
        {button('View Full Plan', () => setDialog({ kind: 'full', planId: plan.id }))}
        {canWrite && inUse(plan) && button('Update', () => setDialog({ kind: 'edit', plan }), true)}
      </>
    ),
    active: (plan) => (
      <>
        {button('View', () => setDialog({ kind: 'view', planId: plan.id }))}
        {canWrite && button('Edit', () => setDialog({ kind: 'edit', plan }), true)}
      </>
    ),
    due: (plan) => (
      <>
        {canWrite && button('Schedule Review', () => setDialog({ kind: 'schedule', plan }), true)}
        {button('View Plan', () => setDialog({ kind: 'view', planId: plan.id }))}
      </>
    ),
  };

  const tabs: TabItem<CarePlanTab>[] = [
    {
      value: 'overview',
      label: 'Overview',
      icon: LayoutGrid,
      render: () => <PlanList tab="overview" search={search} buttons={buttonsOf.overview} />,
    },
    {
      value: 'active',
      label: 'Active Plans',
      icon: ClipboardCheck,
      render: () => <PlanList tab="active" search={search} buttons={buttonsOf.active} />,
    },
    {
      value: 'due',
      label: 'Due for Review',
      icon: CalendarClock,
      render: () => <PlanList tab="due" search={search} buttons={buttonsOf.due} />,
    },
    ...(readsAll
      ? [{ value: 'templates' as const, label: 'Templates', icon: LayoutTemplate, render: () => <TemplatesPanel /> }]
      : []),
    {
      value: 'quality',
      label: 'Quality Metrics',
      icon: ListChecks,
      render: () => <QualityMetrics search={search} onView={(planId) => setDialog({ kind: 'view', planId })} />,
    },
  ];

  return (
    <section className="page care-plans-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Care Planner</h1>
          <p className="page-subtitle">
            Versioned, agreed and reviewed care plans that set what carers do on each visit
          </p>
        </div>
        <div className="care-plans-header-actions">
          {readsAll && (
            <button type="button" className="button button-secondary" onClick={() => setTab('templates')}>
              <LayoutTemplate size={16} aria-hidden />
              Templates
            </button>
          )}
          {canWrite && (
            <button type="button" className="button button-primary" onClick={() => setDialog({ kind: 'new' })}>
              <Plus size={16} aria-hidden />
              New Care Plan
            </button>
          )}
        </div>
      </div>

      <div className="stat-grid care-plan-stats">
        <StatCard
          icon={<ClipboardCheck size={22} />}
          label="Active Care Plans"
          value={figure((data) => String(data.active))}
          testId="care-plans-active"
        />
        <StatCard
          icon={<CalendarClock size={22} />}
          label="Due for Review"
          value={figure((data) => String(data.dueForReview))}
          testId="care-plans-due"
          note={stats.data ? `Review within 30 days; ${stats.data.overdue} overdue` : 'Review within 30 days'}
        />
        <StatCard
          icon={<AlertTriangle size={22} />}
          label="High Risk Clients"
          value={figure((data) => String(data.highRiskClients))}
          testId="care-plans-high-risk"
          note="Any risk rated high"
        />
        <StatCard
          icon={<Gauge size={22} />}
          label="Avg Plan Quality"
          value={figure((data) => (data.avgQuality === null ? 'No plans' : `${data.avgQuality}%`))}
          testId="care-plans-quality"
          note="Sections filled, agreed and in date"
        />
      </div>
      <p className="care-plan-rule small muted" data-testid="quality-rule">
        {QUALITY_RULE_TEXT}
      </p>

      {tab !== 'templates' && (
        <div className="toolbar">
          <SearchBox
            label="Search care plans"
            placeholder="Search by client name or plan title..."
            value={searchText}
            onChange={setSearchText}
          />
        </div>
      )}

      <Tabs label="Care plans" tabs={tabs} value={tab} onValueChange={setTab} />

      {canWrite && (
        <CarePlanFormDialog
          open={dialog.kind === 'new' || dialog.kind === 'edit'}
          plan={dialog.kind === 'edit' ? dialog.plan : undefined}
          onOpenChange={(open) => !open && close()}
        />
      )}
      <CarePlanDetailDialog planId={dialog.kind === 'view' ? dialog.planId : undefined} onClose={close} />
      <FullPlanDialog planId={dialog.kind === 'full' ? dialog.planId : undefined} onClose={close} />
      {canWrite && <ScheduleReviewDialog plan={dialog.kind === 'schedule' ? dialog.plan : undefined} onClose={close} />}
    </section>
  );
}
