import {
  can,
  EXPIRING_SOON_DAYS,
  londonToday,
  TRAINING_TAB_LABELS,
  TRAINING_TABS,
  TRAINING_TYPE_LABELS,
  type TrainingTab,
  type TrainingView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, GraduationCap, Plus } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { useCurrentUser } from '../../shared/current-user';
import { useDebouncedValue, usePagedList } from '../../shared/paged-list';
import { Tabs, type TabItem } from '../../shared/tabs';
import { CompliancePanel } from './compliance-panel';
import { useDeleteTraining } from './delete-training';
import { expiringTrainingQueryOptions, trainingTabCountsQueryOptions } from './get-training';
import { TRAINING_PATH } from './reload-training';
import { RenewTrainingDialog } from './renew-training-dialog';
import { carerName, TrainingCard } from './training-card';
import { TrainingFormDialog } from './training-form-dialog';
import './training.css';

type FormState = { open: boolean; record?: TrainingView | undefined };

/** Training and Checklists. */
export function TrainingPage() {
  const expiring = useQuery(expiringTrainingQueryOptions);
  const canWrite = can(useCurrentUser().role, 'training.write');
  const deleteTraining = useDeleteTraining();
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<TrainingTab>('all');
  const [form, setForm] = useState<FormState>({ open: false });
  const [renewing, setRenewing] = useState<TrainingView>();
  // The server searches carer name and employee ID, type, provider and certificate, and applies the tab's rule
  // (dated by London's today when it answers): the open tab's records a page at a time.
  const searched = useDebouncedValue(search.trim());
  const records = usePagedList<TrainingView>(TRAINING_PATH, { search: searched, tab: tab === 'all' ? undefined : tab });
  const counts = useQuery(trainingTabCountsQueryOptions(searched));
  const found = records.items;
  const today = londonToday();

  const openAdd = () => setForm({ open: true });
  // The record the delete confirmation asks about, while it is open.
  const [confirming, setConfirming] = useState<TrainingView>();

  const renderList = (shown: TrainingView[]) =>
    records.isPending ? (
      <ListLoading what="training records" />
    ) : records.isError ? (
      <ListLoadError what="training records" error={records.error} onRetry={() => void records.refetch()} />
    ) : shown.length === 0 ? (
      <div className="card empty-state">
        <GraduationCap size={36} aria-hidden className="empty-icon" />
        {records.answered.search ? (
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
      <>
        <div className="card-grid training-grid">
          {shown.map((record) => (
            <TrainingCard
              key={record.id}
              record={record}
              today={today}
              onEdit={(edited) => setForm({ open: true, record: edited })}
              onRenew={setRenewing}
              onDelete={setConfirming}
              deleting={deleteTraining.isPending && deleteTraining.variables.id === record.id}
              canWrite={canWrite}
            />
          ))}
        </div>
        <LoadMore
          shown={shown.length}
          total={records.total}
          hasMore={records.hasNextPage}
          loading={records.isFetchingNextPage}
          onLoadMore={() => void records.fetchNextPage()}
        />
      </>
    );

  // Only the open tab renders, so `found` is always that tab's records.
  const tabs: TabItem<TrainingTab>[] = TRAINING_TABS.map((value) => {
    const count = counts.data?.[value];
    return {
      value,
      label: count === undefined ? TRAINING_TAB_LABELS[value] : `${TRAINING_TAB_LABELS[value]} (${count})`,
      render: () => renderList(found),
    };
  });

  const expiringCount = expiring.data ?? 0;

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
            <SearchBox
              label="Search training records"
              placeholder="Search training records..."
              value={search}
              onChange={setSearch}
            />
          </div>

          {expiringCount > 0 && (
            <p className="card training-notice" role="status" data-testid="expiring-notice">
              <AlertTriangle size={16} aria-hidden />
              {expiringCount === 1
                ? `1 training record expires within the next ${EXPIRING_SOON_DAYS} days.`
                : `${expiringCount} training records expire within the next ${EXPIRING_SOON_DAYS} days.`}
            </p>
          )}

          <Tabs label="Training records" tabs={tabs} value={tab} onValueChange={setTab} />
        </div>

        <CompliancePanel />
      </div>

      {canWrite && (
        <>
          <TrainingFormDialog
            open={form.open}
            record={form.record}
            onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
          />
          <RenewTrainingDialog record={renewing} onOpenChange={(open) => !open && setRenewing(undefined)} />
          <ConfirmDialog
            open={confirming !== undefined}
            onOpenChange={(open) => !open && setConfirming(undefined)}
            title={
              confirming
                ? `Delete the ${TRAINING_TYPE_LABELS[confirming.trainingType]} record of ${carerName(confirming)}?`
                : ''
            }
            confirmLabel="Delete record"
            onConfirm={() => confirming && deleteTraining.mutate({ id: confirming.id, revision: confirming.revision })}
          >
            <p>It leaves the training list and the compliance figures. This cannot be undone.</p>
          </ConfirmDialog>
        </>
      )}
    </section>
  );
}
