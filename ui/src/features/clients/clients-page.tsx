import { can, londonToday, type ClientView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Plus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError, ListLoading, LoadMore, SearchBox } from '../../shared/list-states';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { useCurrentUser } from '../../shared/current-user';
import { useDebouncedValue, usePagedList } from '../../shared/paged-list';
import { ClientCard, clientFullName } from './client-card';
import { ClientFormDialog } from './client-form-dialog';
import { useDeleteClient } from './delete-client';
import { clientCountQueryOptions, clientsQueryKey } from '../../records/clients/get-clients';
import './clients.css';

type DialogState = { open: boolean; client?: ClientView };

/** Client Records. */
/** `initialSearch`: the list opens searched for it (`?search=`, e.g. a record opened from the header's search). */
export function ClientsPage({ initialSearch = '' }: { initialSearch?: string } = {}) {
  const canWrite = can(useCurrentUser().role, 'clients.write');
  const deleteClient = useDeleteClient();
  const [search, setSearch] = useState(initialSearch);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const today = londonToday();
  // The server searches the name (either order) and the client ID, a page at a time.
  const searched = useDebouncedValue(search.trim());
  const clients = usePagedList<ClientView>(clientsQueryKey[0], { search: searched });
  const clientCount = useQuery(clientCountQueryOptions);
  const rows = clients.items;

  const openAdd = () => setDialog({ open: true });
  // The client the delete confirmation asks about, while it is open.
  const [confirming, setConfirming] = useState<ClientView>();

  return (
    <section className="page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Client Records</h1>
          {clientCount.data !== undefined && (
            <p className="page-subtitle">
              {clientCount.data} {clientCount.data === 1 ? 'client' : 'clients'}
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
        <SearchBox
          label="Search clients"
          placeholder="Search clients by name or client ID..."
          value={search}
          onChange={setSearch}
        />
      </div>

      {clients.isPending ? (
        <ListLoading what="clients" />
      ) : clients.isError ? (
        <ListLoadError what="clients" error={clients.error} onRetry={() => void clients.refetch()} />
      ) : rows.length === 0 ? (
        <div className="card empty-state">
          <UsersRound size={36} aria-hidden className="empty-icon" />
          {clients.answered.search ? (
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
        <>
          <div className="card-grid">
            {rows.map((client) => (
              <ClientCard
                key={client.id}
                client={client}
                today={today}
                onEdit={(chosen) => setDialog({ open: true, client: chosen })}
                onDelete={setConfirming}
                deleting={deleteClient.isPending && deleteClient.variables === client.id}
                canWrite={canWrite}
              />
            ))}
          </div>
          <LoadMore
            shown={rows.length}
            total={clients.total}
            hasMore={clients.hasNextPage}
            loading={clients.isFetchingNextPage}
            onLoadMore={() => void clients.fetchNextPage()}
          />
        </>
      )}

      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={`Delete client ${confirming ? clientFullName(confirming) : ''}?`}
        confirmLabel="Delete client"
        onConfirm={() => confirming && deleteClient.mutate(confirming.id)}
      >
        <p>They leave the client list. This cannot be undone.</p>
      </ConfirmDialog>

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
