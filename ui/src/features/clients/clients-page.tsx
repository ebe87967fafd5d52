import { can, londonToday, type ClientView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, getFilteredRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError, ListLoading, SearchBox } from '../../shared/list-states';
import { useCurrentUser } from '../../shared/current-user';
import { ClientCard, clientFullName } from './client-card';
import { ClientFormDialog } from './client-form-dialog';
import { useDeleteClient } from './delete-client';
import { clientsQueryOptions } from './get-clients';
import './clients.css';

const NO_CLIENTS: ClientView[] = [];

/** One hidden column holds what the search box matches: the name (either order) and the client ID. */
const columns: ColumnDef<ClientView>[] = [
  {
    id: 'search',
    accessorFn: (client) => [clientFullName(client), `${client.lastName} ${client.firstName}`, client.clientId].join(' | '),
    filterFn: 'includesString',
  },
];

type DialogState = { open: boolean; client?: ClientView };

/** Client Records (spec part 1 section 2.9). */
export function ClientsPage() {
  const clients = useQuery(clientsQueryOptions);
  const canWrite = can(useCurrentUser().role, 'clients.write');
  const deleteClient = useDeleteClient();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const today = londonToday();

  const table = useReactTable({
    data: clients.data ?? NO_CLIENTS,
    columns,
    state: { globalFilter: search.trim() },
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getRowId: (client) => client.id,
  });
  const rows = table.getRowModel().rows;

  const openAdd = () => setDialog({ open: true });
  const onDelete = (client: ClientView) => {
    if (window.confirm(`Are you sure you want to delete ${clientFullName(client)}?`)) deleteClient.mutate(client.id);
  };

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Client Records</h1>
          {clients.data && (
            <p className="page-subtitle">
              {clients.data.length} {clients.data.length === 1 ? 'client' : 'clients'}
            </p>
          )}
        </div>
        {canWrite && (
          <button type="button" className="button button-primary" onClick={openAdd}>
            <Plus size={16} aria-hidden />
            Add Client
          </button>
        )}
      </div>

      <div className="toolbar">
        <SearchBox label="Search clients" placeholder="Search clients by name or client ID..." value={search} onChange={setSearch} />
      </div>

      {clients.isPending ? (
        <ListLoading what="clients" />
      ) : clients.isError ? (
        <ListLoadError what="clients" error={clients.error} onRetry={() => void clients.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <UsersRound size={36} aria-hidden className="empty-icon" />
          {search.trim() ? (
            <p>No clients found matching your search.</p>
          ) : (
            <>
              <p>No clients found.</p>
              {canWrite && (
                <button type="button" className="button button-primary" onClick={openAdd}>
                  <Plus size={16} aria-hidden />
                  Add First Client
                </button>
              )}
            </>
          )}
        </div>
      ) : (
        <div className="card-grid">
          {rows.map((row) => (
            <ClientCard
              key={row.id}
              client={row.original}
              today={today}
              onEdit={(client) => setDialog({ open: true, client })}
              onDelete={onDelete}
              deleting={deleteClient.isPending && deleteClient.variables === row.original.id}
              canWrite={canWrite}
            />
          ))}
        </div>
      )}

      {canWrite && (
        <ClientFormDialog
          open={dialog.open}
          client={dialog.client}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      )}
    </section>
  );
}
