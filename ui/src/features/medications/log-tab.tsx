import { marCodeLabel, type MedicationRecordView } from '@care/events';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { FilterBar } from '../../shared/filter-bar';
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
  const log = useRecordLog({
    clientId: clientId || undefined,
    carerId: carerId || undefined,
    medicine: useDebouncedValue(medicine) || undefined,
    from: from || undefined,
    to: to || undefined,
  });
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
        <FilterBar
          label="Log filters"
          role="group"
          layout="row"
          className="log-filters"
          fields={[
            {
              kind: 'select',
              key: 'client',
              id: 'log-client',
              label: 'Client',
              value: clientId,
              allLabel: 'All clients',
              options: (clients.data ?? []).map((client) => ({
                value: client.id,
                label: `${client.firstName} ${client.lastName}`,
              })),
              onChange: setClientId,
            },
            readsCarers && {
              kind: 'select',
              key: 'carer',
              id: 'log-carer',
              label: 'Carer',
              value: carerId,
              allLabel: 'All carers',
              options: (carers.data ?? []).map((carer) => ({
                value: carer.id,
                label: `${carer.user.firstName} ${carer.user.lastName}`,
              })),
              onChange: setCarerId,
            },
            {
              kind: 'search',
              key: 'medicine',
              id: 'log-medicine',
              label: 'Medicine',
              caption: 'Medicine',
              placeholder: 'Medicine name',
              value: medicine,
              onChange: setMedicine,
            },
            {
              kind: 'date',
              key: 'from',
              id: 'log-from',
              label: 'From',
              value: from,
              whileTyping: 'clear',
              onChange: setFrom,
            },
            { kind: 'date', key: 'to', id: 'log-to', label: 'To', value: to, whileTyping: 'clear', onChange: setTo },
          ]}
        />
        {log.isPending ? (
          <ListLoading what="records" />
        ) : log.isError ? (
          <ListLoadError what="records" error={log.error} onRetry={() => void log.refetch()} />
        ) : log.items.length === 0 ? (
          <p className="empty-state">No records match these filters.</p>
        ) : (
          <>
            <RecordTable records={log.items} caption="Administration records, newest first" />
            <LoadMore
              shown={log.items.length}
              total={log.total}
              hasMore={log.hasNextPage}
              loading={log.isFetchingNextPage}
              onLoadMore={() => void log.fetchNextPage()}
            />
          </>
        )}
      </div>
      <MarKeyCard />
    </div>
  );
}
