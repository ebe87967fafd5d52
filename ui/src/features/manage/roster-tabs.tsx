import type { CarerView, ClientView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { Mail, MapPin, Users } from 'lucide-react';
import { carerFullName } from '../../records/carers/carer-name';
import { carersQueryOptions } from '../../records/carers/get-carers';
import { clientsQueryOptions } from '../../records/clients/get-clients';
import {
  FIRST_PAGE,
  monitoringQueryOptions,
  type MonitoringFilters,
} from '../../records/visit-records/monitoring-params';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { isRosterStatus, matchesSearch, type ManageFilters } from './manage-filters';

/**
 * The visits of one carer or client in the range: the server's total of the matching care records (a page of
 * one row), so the count is exact however many visits there are.
 */
function VisitCount({ filters }: { filters: MonitoringFilters }) {
  const records = useQuery(monitoringQueryOptions(filters, FIRST_PAGE, 1));
  const total = records.data?.total;
  return (
    <span className="manage-visit-count" data-testid="roster-visit-count">
      <strong>{total ?? (records.isError ? '—' : '…')}</strong> {total === 1 ? 'visit' : 'visits'} in this period
    </span>
  );
}

const statusMatches = (filters: ManageFilters, isActive: boolean) =>
  !isRosterStatus(filters.status) || (filters.status === 'active') === isActive;

function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <span className={`badge ${isActive ? 'badge-success' : 'badge-muted'}`}>{isActive ? 'Active' : 'Inactive'}</span>
  );
}

function EmptyRoster({ what }: { what: string }) {
  return (
    <div className="card empty-state">
      <Users size={36} aria-hidden className="empty-icon" />
      <p>No {what} match these filters.</p>
    </div>
  );
}

/** Visits by Carer: a card per carer (the carer filter, the search and the roster status narrow it) with their visits. */
export function CarerRosterTab({ filters, visits }: { filters: ManageFilters; visits: MonitoringFilters }) {
  const carers = useQuery(carersQueryOptions);
  if (carers.isPending) return <ListLoading what="carers" />;
  if (carers.isError) return <ListLoadError what="carers" error={carers.error} onRetry={() => void carers.refetch()} />;
  const shown = carers.data.filter(
    (carer: CarerView) =>
      (filters.carerId === '' || carer.id === filters.carerId) &&
      statusMatches(filters, carer.isActive) &&
      matchesSearch(filters.search, carerFullName(carer), carer.employeeId, carer.user.region),
  );
  if (shown.length === 0) return <EmptyRoster what="carers" />;
  return (
    <div className="card-grid">
      {shown.map((carer) => (
        <article
          key={carer.id}
          className="card manage-roster-card"
          data-testid="carer-roster-card"
          aria-label={carerFullName(carer)}
        >
          <header className="manage-roster-header">
            <div>
              <h3 className="manage-roster-name">{carerFullName(carer)}</h3>
              <p className="small muted">{carer.employeeId}</p>
            </div>
            <ActiveBadge isActive={carer.isActive} />
          </header>
          <p className="small manage-roster-line">
            <Mail size={14} aria-hidden /> {carer.user.email}
          </p>
          {carer.user.region && <p className="small muted">Region: {carer.user.region}</p>}
          <VisitCount filters={{ ...visits, carerId: carer.id }} />
        </article>
      ))}
    </div>
  );
}

/** Visits by Client: a card per client with their visits in the range. */
export function ClientRosterTab({ filters, visits }: { filters: ManageFilters; visits: MonitoringFilters }) {
  const clients = useQuery(clientsQueryOptions);
  if (clients.isPending) return <ListLoading what="clients" />;
  if (clients.isError)
    return <ListLoadError what="clients" error={clients.error} onRetry={() => void clients.refetch()} />;
  const shown = clients.data.filter(
    (client: ClientView) =>
      (filters.clientId === '' || client.id === filters.clientId) &&
      statusMatches(filters, client.isActive) &&
      matchesSearch(filters.search, `${client.firstName} ${client.lastName}`, client.clientId, client.address),
  );
  if (shown.length === 0) return <EmptyRoster what="clients" />;
  return (
    <div className="card-grid">
      {shown.map((client) => {
        const name = `${client.firstName} ${client.lastName}`.trim();
        return (
          <article
            key={client.id}
            className="card manage-roster-card"
            data-testid="client-roster-card"
            aria-label={name}
          >
            <header className="manage-roster-header">
              <div>
                <h3 className="manage-roster-name">{name}</h3>
                <p className="small muted">{client.clientId}</p>
              </div>
              <ActiveBadge isActive={client.isActive} />
            </header>
            <p className="small manage-roster-line">
              <MapPin size={14} aria-hidden /> {client.address}
            </p>
            <p className="small muted">Care level: {client.careLevel}</p>
            <VisitCount filters={{ ...visits, clientId: client.id }} />
          </article>
        );
      })}
    </div>
  );
}
