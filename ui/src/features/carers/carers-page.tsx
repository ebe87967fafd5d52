import { can, type CarerView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError, ListLoading, SearchBox } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { useLiveActiveCarerCount } from '../../shared/live';
import { CarerCard, carerFullName } from './carer-card';
import { CarerFormDialog } from './carer-form-dialog';
import { useDeleteCarer } from './delete-carer';
import { carersQueryOptions } from './get-carers';

const NO_CARERS: CarerView[] = [];

/** One hidden column holds what the search box matches: name, employee ID and region. */
const columns: ColumnDef<CarerView>[] = [
  {
    id: 'search',
    accessorFn: (carer) => [carerFullName(carer), carer.employeeId, carer.user.region ?? ''].join(' '),
    filterFn: 'includesString',
  },
];

type DialogState = { open: false; carer?: CarerView } | { open: true; carer?: CarerView };

export function CarersPage() {
  const carers = useQuery(carersQueryOptions);
  const canWrite = can(useCurrentUser().role, 'carers.write');
  const liveActiveCount = useLiveActiveCarerCount();
  const deleteCarer = useDeleteCarer();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ open: false });

  const table = useReactTable({
    data: carers.data ?? NO_CARERS,
    columns,
    state: { globalFilter: search.trim() },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (carer) => carer.id,
  });
  const rows = table.getRowModel().rows;

  // The push is authoritative; until it arrives, count the loaded list.
  const activeCount = liveActiveCount ?? carers.data?.filter((carer) => carer.isActive).length;

  const openAdd = () => setDialog({ open: true });
  const onDelete = (carer: CarerView) => {
    if (window.confirm(`Are you sure you want to delete ${carerFullName(carer)}?`)) deleteCarer.mutate(carer.id);
  };

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
        <SearchBox label="Search carers" placeholder="Search carers by name, employee ID or region..." value={search} onChange={setSearch} />
      </div>

      {carers.isPending ? (
        <ListLoading what="carers" />
      ) : carers.isError ? (
        <ListLoadError what="carers" error={carers.error} onRetry={() => void carers.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <Users size={36} aria-hidden className="empty-icon" />
          {search.trim() ? (
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
        <div className="card-grid">
          {rows.map((row) => (
            <CarerCard
              key={row.id}
              carer={row.original}
              onEdit={(carer) => setDialog({ open: true, carer })}
              onDelete={onDelete}
              deleting={deleteCarer.isPending && deleteCarer.variables === row.original.id}
              canWrite={canWrite}
            />
          ))}
        </div>
      )}

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
