import { CONTRACT_STATUSES, type ContractStatus, type ContractView } from '@care/events';
import { useState } from 'react';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { usePagedList } from '../../shared/paged-list';
import { CONTRACTS_PATH, contractPdfPath } from './contract-api';
import { formatPence } from './money';
import { NewContractDialog } from './new-contract-dialog';
import { RenewContractDialog } from './renew-contract-dialog';

const STATUS_LABELS: Record<ContractStatus, string> = { upcoming: 'Upcoming', active: 'Active', expired: 'Expired' };

function renewalNote(contract: ContractView): string | null {
  if (contract.status === 'expired') return null;
  if (contract.daysToRenewal < 0) return 'Renewal overdue';
  return contract.daysToRenewal <= 30
    ? `Renewal due in ${contract.daysToRenewal} ${contract.daysToRenewal === 1 ? 'day' : 'days'}`
    : null;
}

/** Contract Management: the contracts, paged on the server; New Contract (admins) and View Contract (PDF). */
export function ContractsTab({ canManage }: { canManage: boolean }) {
  const [status, setStatus] = useState<ContractStatus | ''>('');
  const [creating, setCreating] = useState(false);
  const [renewing, setRenewing] = useState<ContractView | null>(null);
  const contracts = usePagedList<ContractView>(CONTRACTS_PATH, { status: status || undefined });
  const rows = contracts.items;
  return (
    <div className="finance-invoicing">
      <div className="card">
        <div className="finance-list-header">
          <h2 className="card-title">Contracts</h2>
          <label className="finance-filter">
            Status
            <select
              className="input"
              value={status}
              onChange={(event) => setStatus(event.target.value as ContractStatus | '')}
            >
              <option value="">All statuses</option>
              {CONTRACT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          {canManage && (
            <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
              New Contract
            </button>
          )}
        </div>
        {contracts.isPending ? (
          <ListLoading what="contracts" />
        ) : contracts.isError ? (
          <ListLoadError what="contracts" error={contracts.error} onRetry={() => void contracts.refetch()} />
        ) : rows.length === 0 ? (
          <p className="empty-hint">
            {status === '' ? 'No contracts yet.' : `No ${STATUS_LABELS[status].toLowerCase()} contracts.`}
          </p>
        ) : (
          <div className="table-wrap">
            <table className="data-table" data-testid="contract-table">
              <thead>
                <tr>
                  <th scope="col">Contract</th>
                  <th scope="col">Client</th>
                  <th scope="col">Period</th>
                  <th scope="col">Value</th>
                  <th scope="col">Services</th>
                  <th scope="col">Renewal</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((contract) => {
                  const note = renewalNote(contract);
                  return (
                    <tr key={contract.id} data-testid={`contract-${contract.contractNumber}`}>
                      <td>{contract.contractNumber}</td>
                      <td data-label="Client">{contract.clientName ?? '–'}</td>
                      <td data-label="Period">
                        {formatDate(contract.startDate)} – {formatDate(contract.endDate)}
                      </td>
                      <td data-label="Value">{formatPence(contract.valuePence)}</td>
                      <td data-label="Services">{contract.services.join(', ')}</td>
                      <td data-label="Renewal">
                        {formatDate(contract.renewalDate)}
                        {note && <span className="finance-renewal-note">{note}</span>}
                      </td>
                      <td data-label="Status">
                        <span className={`badge finance-contract-${contract.status}`}>
                          {STATUS_LABELS[contract.status]}
                        </span>
                      </td>
                      <td className="finance-actions">
                        <a className="button button-secondary button-small" href={contractPdfPath(contract)} download>
                          View Contract<span className="sr-only"> {contract.contractNumber}</span>
                        </a>
                        {canManage && contract.status !== 'expired' && (
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            onClick={() => setRenewing(contract)}
                          >
                            Renew<span className="sr-only"> {contract.contractNumber}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <LoadMore
          shown={rows.length}
          total={contracts.total}
          hasMore={contracts.hasNextPage}
          loading={contracts.isFetchingNextPage}
          onLoadMore={() => void contracts.fetchNextPage()}
        />
      </div>
      {canManage && <NewContractDialog open={creating} onOpenChange={setCreating} />}
      {canManage && <RenewContractDialog contract={renewing} onClose={() => setRenewing(null)} />}
    </div>
  );
}
