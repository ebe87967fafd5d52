import {
  can,
  EXPIRING_SOON_DAYS,
  inTrainingTab,
  londonToday,
  TRAINING_TAB_LABELS,
  TRAINING_TABS,
  TRAINING_TYPE_LABELS,
  type TrainingTab,
  type TrainingView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { AlertTriangle, GraduationCap, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError, ListLoading, SearchBox } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { Tabs, type TabItem } from '../../shared/tabs';
import { CompliancePanel } from './compliance-panel';
import { useDeleteTraining } from './delete-training';
import { expiringTrainingQueryOptions, trainingQueryOptions } from './get-training';
import { RenewTrainingDialog } from './renew-training-dialog';
import { carerName, TrainingCard } from './training-card';
import { TrainingFormDialog } from './training-form-dialog';
import './training.css';

const NO_RECORDS: TrainingView[] = [];

/** One hidden column holds what the search box matches: carer name and employee ID, type, provider, certificate. */
const columns: ColumnDef<TrainingView>[] = [
  {
    id: 'search',
    accessorFn: (record) =>
      [
        carerName(record),
        record.carer.employeeId,
        TRAINING_TYPE_LABELS[record.trainingType],
        record.trainingProvider ?? '',
        record.certificateNumber ?? '',
      ].join(' '),
    filterFn: 'includesString',
  },
];

type FormState = { open: boolean; record?: TrainingView | undefined };

/** Training and Checklists (spec part 1 section 2.10). */
export function TrainingPage() {
  const records = useQuery(trainingQueryOptions);
  const expiring = useQuery(expiringTrainingQueryOptions);
  const canWrite = can(useCurrentUser().role, 'training.write');
  const deleteTraining = useDeleteTraining();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<TrainingTab>('all');
  const [form, setForm] = useState<FormState>({ open: false });
  const [renewing, setRenewing] = useState<TrainingView>();

  const table = useReactTable({
    data: records.data ?? NO_RECORDS,
    columns,
    state: { globalFilter: search.trim() },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (record) => record.id,
  });
  const found = table.getRowModel().rows.map((row) => row.original);
  // The tab rules depend on the date: taken at each render, so a page left open overnight moves records along.
  const today = londonToday();
  const inTab = (value: TrainingTab) => found.filter((record) => inTrainingTab(value, record, today));

  const openAdd = () => setForm({ open: true });
  const onDelete = (record: TrainingView) => {
    const question = `Are you sure you want to delete the ${TRAINING_TYPE_LABELS[record.trainingType]} training record of ${carerName(record)}?`;
    if (window.confirm(question)) deleteTraining.mutate({ id: record.id, revision: record.revision });
  };

  const renderList = (shown: TrainingView[]) =>
    shown.length === 0 ? (
      <div className="card empty-state">
        <GraduationCap size={36} aria-hidden className="empty-icon" />
        {search.trim() ? (
          <p>No training records found matching your search.</p>
        ) : (
          <>
            <p>No training records found.</p>
            {canWrite && tab === 'all' && (
              <button type="button" className="button button-primary" onClick={openAdd}>
                <Plus size={16} aria-hidden />
                Add Training Record
              </button>
            )}
          </>
        )}
      </div>
    ) : (
      <div className="card-grid training-grid">
        {shown.map((record) => (
          <TrainingCard
            key={record.id}
            record={record}
            today={today}
            onEdit={(edited) => setForm({ open: true, record: edited })}
            onRenew={setRenewing}
            onDelete={onDelete}
            deleting={deleteTraining.isPending && deleteTraining.variables.id === record.id}
            canWrite={canWrite}
          />
        ))}
      </div>
    );

  const tabs: TabItem<TrainingTab>[] = TRAINING_TABS.map((value) => {
    const shown = inTab(value);
    return { value, label: `${TRAINING_TAB_LABELS[value]} (${shown.length})`, render: () => renderList(shown) };
  });

  const expiringCount = expiring.data?.length ?? 0;

  return (
    <section className="page training-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Training and Checklists</h1>
          <p className="page-subtitle">Certificates, renewals and training compliance.</p>
        </div>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={openAdd}>
            <Plus size={16} aria-hidden />
            Add Training Record
          </button>
        )}
      </div>

      <div className="training-layout">
        <div className="training-main">
          <div className="toolbar">
            <SearchBox label="Search training records" placeholder="Search training records..." value={search} onChange={setSearch} />
          </div>

          {expiringCount > 0 && (
            <p className="card training-notice" role="status" data-testid="expiring-notice">
              <AlertTriangle size={16} aria-hidden />
              {expiringCount === 1
                ? `1 training record expires within the next ${EXPIRING_SOON_DAYS} days.`
                : `${expiringCount} training records expire within the next ${EXPIRING_SOON_DAYS} days.`}
            </p>
          )}

          {records.isPending ? (
            <ListLoading what="training records" />
          ) : records.isError ? (
            <ListLoadError what="training records" error={records.error} onRetry={() => void records.refetch()} />
          ) : (
            <Tabs label="Training records" tabs={tabs} value={tab} onValueChange={setTab} />
          )}
        </div>

        <CompliancePanel />
      </div>

      {canWrite && (
        <>
          <TrainingFormDialog open={form.open} record={form.record} onOpenChange={(open) => setForm((current) => ({ ...current, open }))} />
          <RenewTrainingDialog record={renewing} onOpenChange={(open) => !open && setRenewing(undefined)} />
        </>
      )}
    </section>
  );
}
