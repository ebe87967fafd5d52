import { marCodeLabel, type MedicationRecordView } from '@care/events';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { DateInput } from '../../shared/date-fields/date-input';
import { ListLoadError, ListLoading, LoadMore } from '../../shared/list-states';
import { useDebouncedValue } from '../../shared/paged-list';
import { can } from '@care/events';
import { useCurrentUser } from '../../shared/current-user';
import { MarKeyCard } from './mar-key-card';
import { EFFECT_LABELS, RecordActions } from './record-actions';
import { useCarerOptions, useClientOptions, useMarKey, useRecentRecords, useRecordLog } from './medication-api';

function RecordRow({ record }: { record: MedicationRecordView }) {
  const key = useMarKey();
  return (
    <tr data-testid="record-row">
      <td data-label="Time">{formatDateTime(record.actualTime)}</td>
      <td data-label="Medication">{record.medicationName}</td>
      <td data-label="Client">{record.clientName}</td>
      <td data-label="Outcome">
        <span className={`badge record-${record.status}`}>
          {record.code}: {marCodeLabel(key, record.code)}
        </span>
        {record.amended && <span className="badge badge-muted">Amended</span>}
        {record.reason && <span className="small muted"> {record.reason}</span>}
        {record.prnEffect && <span className="small muted"> Effect: {EFFECT_LABELS[record.prnEffect]}</span>}
        <RecordActions record={record} />
      </td>
      <td data-label="Due">{record.scheduledTime ? formatDateTime(record.scheduledTime) : 'PRN'}</td>
      <td data-label="Signed by">
        {record.signedBy ?? '—'}
        {record.witnessedBy && <span className="small muted"> (witness: {record.witnessedBy})</span>}
      </td>
    </tr>
  );
}

function RecordTable({ records, caption }: { records: readonly MedicationRecordView[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Medication</th>
            <th scope="col">Client</th>
            <th scope="col">Outcome</th>
            <th scope="col">Due</th>
            <th scope="col">Signed by</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The 10 most recent records, then the full log paged and filtered by client, medicine and London dates. */
export function AdministrationLogTab() {
  const recent = useRecentRecords();
  const clients = useClientOptions();
  const readsCarers = can(useCurrentUser().role, 'carers.read');
  const carers = useCarerOptions(readsCarers);
  const [clientId, setClientId] = useState('');
  const [carerId, setCarerId] = useState('');
  const [medicine, setMedicine] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useRecordLog({ clientId: clientId || undefined, carerId: carerId || undefined, medicine: useDebouncedValue(medicine) || undefined, from: from || undefined, to: to || undefined });
  return (
    <div className="tab-body">
      <div className="card">
        <h2 className="section-title">Recent administrations</h2>
        {recent.isPending ? (
          <ListLoading what="records" />
        ) : recent.isError ? (
          <ListLoadError what="records" error={recent.error} onRetry={() => void recent.refetch()} />
        ) : recent.data.length === 0 ? (
          <p className="empty-state">No administrations recorded yet.</p>
        ) : (
          <div data-testid="recent-records">
            <RecordTable records={recent.data} caption="The 10 most recent administrations" />
          </div>
        )}
      </div>
      <div className="card">
        <h2 className="section-title">Full log</h2>
        <div className="toolbar log-filters">
          <div className="log-filter">
            <label className="label" htmlFor="log-client">
              Client
            </label>
            <select id="log-client" className="input" value={clientId} onChange={(event) => setClientId(event.target.value)}>
              <option value="">All clients</option>
              {(clients.data ?? []).map((client) => (
                <option key={client.id} value={client.id}>
                  {client.firstName} {client.lastName}
                </option>
              ))}
            </select>
          </div>
          {readsCarers && (
            <div className="log-filter">
              <label className="label" htmlFor="log-carer">
                Carer
              </label>
              <select id="log-carer" className="input" value={carerId} onChange={(event) => setCarerId(event.target.value)}>
                <option value="">All carers</option>
                {(carers.data ?? []).map((carer) => (
                  <option key={carer.id} value={carer.id}>
                    {carer.user.firstName} {carer.user.lastName}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="log-filter">
            <label className="label" htmlFor="log-medicine">
              Medicine
            </label>
            <input id="log-medicine" className="input" value={medicine} onChange={(event) => setMedicine(event.target.value)} />
          </div>
          <div className="log-filter">
            <label className="label" htmlFor="log-from">
              From
            </label>
            <DateInput id="log-from" className="input" value={from} onChange={(event) => setFrom(/^\d{4}-\d{2}-\d{2}$/.test(event.target.value) ? event.target.value : '')} />
          </div>
          <div className="log-filter">
            <label className="label" htmlFor="log-to">
              To
            </label>
            <DateInput id="log-to" className="input" value={to} onChange={(event) => setTo(/^\d{4}-\d{2}-\d{2}$/.test(event.target.value) ? event.target.value : '')} />
          </div>
        </div>
        {log.isPending ? (
          <ListLoading what="records" />
        ) : log.isError ? (
          <ListLoadError what="records" error={log.error} onRetry={() => void log.refetch()} />
        ) : log.items.length === 0 ? (
          <p className="empty-state">No records match these filters.</p>
        ) : (
          <>
            <RecordTable records={log.items} caption="Administration records, newest first" />
            <LoadMore shown={log.items.length} total={log.total} hasMore={log.hasNextPage} loading={log.isFetchingNextPage} onLoadMore={() => void log.fetchNextPage()} />
          </>
        )}
      </div>
      <MarKeyCard />
    </div>
  );
}
