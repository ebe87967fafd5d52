import { can, londonToday, type CarerView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { activeCarerCountQueryOptions } from '../../shared/active-carer-count';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { useLiveActiveCarerCount } from '../../shared/live';
import { useDebouncedValue, usePagedList } from '../../shared/paged-list';
import { queryKeys } from '../../shared/query-keys';
import { carerFullName } from '../../records/carers/carer-name';
import { CarerCard } from './carer-card';
import { CarerFormDialog } from './carer-form-dialog';
import { useDeleteCarer } from './delete-carer';
import { nextLeaveByCarer, upcomingLeaveQueryOptions } from '../leave';

type DialogState = { open: false; carer?: CarerView } | { open: true; carer?: CarerView };

/** `initialSearch`: the list opens searched for it (`?search=`, e.g. a record opened from the header's search). */
export function CarersPage({ initialSearch = '' }: { initialSearch?: string } = {}) {
  const role = useCurrentUser().role;
  const canWrite = can(role, 'carers.write');
  const liveActiveCount = useLiveActiveCarerCount();
  const deleteCarer = useDeleteCarer();
  const [search, setSearch] = useState(initialSearch);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  // The server searches name, employee ID and region, a page at a time.
  const searched = useDebouncedValue(search.trim());
  const carers = usePagedList<CarerView>(queryKeys.carers[0], { search: searched });
  const rows = carers.items;
  // Each card's next approved leave, from one read for the whole screen (see upcomingLeaveQueryOptions).
  const today = londonToday();
  const upcoming = useQuery({
    ...upcomingLeaveQueryOptions(today),
    enabled: can(role, 'leave.read') || can(role, 'leave.readOwn'),
  });
  const nextLeave = upcoming.data ? nextLeaveByCarer(upcoming.data, today) : undefined;

  // The push is authoritative; until it arrives, the server's count of active carers.
  const fallbackCount = useQuery({ ...activeCarerCountQueryOptions, enabled: liveActiveCount === undefined });
  const activeCount = liveActiveCount ?? fallbackCount.data;

  const openAdd = () => setDialog({ open: true });
  // The carer the delete confirmation asks about, while it is open.
  const [confirming, setConfirming] = useState<CarerView>();

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Carer Management</h1>
          {activeCount !== undefined && (
            <p className="page-subtitle">
              <span className="live-dot" aria-hidden />
              <span data-testid="active-carer-count">{activeCount}</span> active
            </p>
          )}
        </div>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={openAdd}>
            <Plus size={16} aria-hidden />
            Add Carer
          </button>
        )}
      </div>

      <div className="toolbar">
        <SearchBox
          label="Search carers"
          placeholder="Search carers by name, employee ID or region..."
          value={search}
          onChange={setSearch}
        />
      </div>

      {carers.isPending ? (
        <ListLoading what="carers" />
      ) : carers.isError ? (
        <ListLoadError what="carers" error={carers.error} onRetry={() => void carers.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <Users size={36} aria-hidden className="empty-icon" />
          {carers.answered.search ? (
            <p>No carers found matching your search.</p>
          ) : (
            <>
              <p>No carers found.</p>
              {canWrite && (
                <button type="button" className="button button-primary" onClick={openAdd}>
                  <Plus size={16} aria-hidden />
                  Add First Carer
                </button>
              )}
            </>
          )}
        </div>
      ) : (
        <>
          <div className="card-grid">
            {rows.map((carer) => (
              <CarerCard
                key={carer.id}
                carer={carer}
                onEdit={(chosen) => setDialog({ open: true, carer: chosen })}
                onDelete={setConfirming}
                deleting={deleteCarer.isPending && deleteCarer.variables === carer.id}
                canWrite={canWrite}
                nextLeave={nextLeave?.get(carer.id)}
                today={today}
              />
            ))}
          </div>
          <LoadMore
            shown={rows.length}
            total={carers.total}
            hasMore={carers.hasNextPage}
            loading={carers.isFetchingNextPage}
            onLoadMore={() => void carers.fetchNextPage()}
          />
        </>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={`Delete carer ${confirming ? carerFullName(confirming) : ''}?`}
        confirmLabel="Delete carer"
        onConfirm={() => confirming && deleteCarer.mutate(confirming.id)}
      >
        <p>
          They leave the carer list, and their employee ID and linked account become free for another record. This
          cannot be undone.
        </p>
      </ConfirmDialog>

      {canWrite && (
        <CarerFormDialog
          open={dialog.open}
          carer={dialog.carer}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      )}
    </section>
  );
}
