import {
  stateFields,
  type AuditRecordAsOfView,
  type AuditRecordRefView,
  type AuditTimelineEntryView,
} from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorReason } from '../../shared/api';
import { DateTimeInput } from '../../shared/date-fields/date-input';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { londonInputToIso, toLondonInputValue } from '../../shared/london-time';
import { Tabs } from '../../shared/tabs';
import {
  asOfPdfHref,
  auditClientFileOptions,
  auditRecordOptions,
  auditSearchOptions,
  auditTimelineOptions,
  timelinePdfHref,
} from './audit-queries';
import { AuditViews } from './audit-views';
import { CompareInstants } from './compare-instants';
import { fieldValue } from './field-value';
import './audit.css';
import { offlineNote } from '../../records/visit-records/recorded-offline';

type AuditTab = 'records' | 'views';

/**
 * The audit screen, for administrators and auditors: find any record, read its history from the event
 * log, move the instant (London time) and see the record, or a client's whole file, as it stood then, step event by
 * event, export to PDF; and see who viewed what. Every record opened here is logged as viewed.
 */
export function AuditPage() {
  const [tab, setTab] = useState<AuditTab>('records');
  return (
    <section className="page audit-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">Audit</h1>
          <p className="page-subtitle">
            Any record&apos;s full history from the event log, and the care file as it stood at any instant
          </p>
        </div>
      </div>
      <Tabs
        label="Audit"
        tabs={[
          { value: 'records', label: 'Records', render: () => <RecordsTab /> },
          { value: 'views', label: 'Who viewed what', render: () => <AuditViews /> },
        ]}
        value={tab}
        onValueChange={setTab}
      />
    </section>
  );
}

function RecordsTab() {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<AuditRecordRefView | undefined>();
  const results = useQuery(auditSearchOptions(query));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };
  return (
    <div className="audit-layout">
      <div className="card audit-search">
        <form onSubmit={submit} className="audit-search-form" role="search">
          <label htmlFor={searchId} className="label">
            Search records
          </label>
          <div className="audit-search-row">
            <input
              id={searchId}
              className="input"
              value={draft}
              placeholder="Name, client or employee ID, email or record id"
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button button-primary">
              Find records
            </button>
          </div>
        </form>
        {query !== '' &&
          (results.isPending ? (
            <ListLoading what="records" />
          ) : results.isError ? (
            <ListLoadError what="records" error={results.error} onRetry={() => void results.refetch()} />
          ) : results.data.length === 0 ? (
            <p className="small">No records match</p>
          ) : (
            <ul className="audit-results" aria-label="Matching records">
              {results.data.map((record) => (
                <li key={record.streamId}>
                  <button
                    type="button"
                    className={`audit-result${selected?.streamId === record.streamId ? ' is-selected' : ''}`}
                    aria-pressed={selected?.streamId === record.streamId}
                    onClick={() => setSelected(record)}
                  >
                    <span className="audit-kind">{record.kindLabel}</span> {record.title ?? record.streamId}
                  </button>
                </li>
              ))}
            </ul>
          ))}
      </div>
      {selected ? (
        <RecordPanel key={selected.streamId} record={selected} onOpen={setSelected} />
      ) : (
        <p className="card empty-state">Search for a record, then open it to read its history</p>
      )}
    </div>
  );
}

function RecordPanel({ record, onOpen }: { record: AuditRecordRefView; onOpen: (record: AuditRecordRefView) => void }) {
  const pickerId = useId();
  /** The instant as an ISO string; undefined for now. */
  const [asOf, setAsOf] = useState<string | undefined>();
  const [picker, setPicker] = useState('');
  const timeline = useQuery(auditTimelineOptions(record.streamId));
  const events = timeline.data ?? [];
  const applied =
    asOf === undefined
      ? events.length
      : events.filter((event) => Date.parse(event.occurredAt) <= Date.parse(asOf)).length;

  const moveTo = (instant: string | undefined) => {
    setAsOf(instant);
    setPicker(instant ? toLondonInputValue(instant) : '');
  };
  const step = (by: -1 | 1) => {
    const next = applied + by;
    if (next <= 0) return;
    moveTo(next >= events.length ? undefined : events[next - 1]!.occurredAt);
  };
  const pick = (value: string) => {
    setPicker(value);
    const iso = londonInputToIso(value);
    if (/Z$/.test(iso)) setAsOf(iso);
  };

  return (
    <div className="audit-record">
      <div className="card audit-instant">
        <h2 className="card-title">
          {record.kindLabel}: {record.title ?? record.streamId}
        </h2>
        <div className="audit-instant-row">
          <div>
            <label htmlFor={pickerId} className="label">
              As of (London time)
            </label>
            <DateTimeInput
              id={pickerId}
              className="input"
              value={picker}
              onChange={(event) => pick(event.target.value)}
            />
          </div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => moveTo(undefined)}
            disabled={asOf === undefined}
          >
            Now
          </button>
          <button type="button" className="button button-secondary" onClick={() => step(-1)} disabled={applied <= 1}>
            Previous event
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => step(1)}
            disabled={asOf === undefined}
          >
            Next event
          </button>
        </div>
        <p className="small" data-testid="audit-instant">
          {asOf ? `As it stood at ${formatDateTime(asOf)}` : 'As it stands now'}: {applied} of {events.length} events
        </p>
        <div className="audit-exports">
          <a className="button button-secondary" href={timelinePdfHref(record.streamId)} download>
            Export timeline (PDF)
          </a>
          <a
            className="button button-secondary"
            href={asOfPdfHref(record.streamId, record.kind, record.id, asOf)}
            download
          >
            {record.kind === 'client' ? 'Export client file (PDF)' : 'Export record (PDF)'}
          </a>
        </div>
      </div>
      {record.kind === 'client' ? (
        <ClientFile clientId={record.id} asOf={asOf} onOpen={onOpen} />
      ) : (
        <RecordAsOf streamId={record.streamId} asOf={asOf} />
      )}
      <CompareInstants streamId={record.streamId} />
      <div className="card">
        <h2 className="card-title">History</h2>
        {timeline.isPending ? (
          <ListLoading what="history" />
        ) : timeline.isError ? (
          <ListLoadError what="history" error={timeline.error} onRetry={() => void timeline.refetch()} />
        ) : (
          <Timeline events={events} applied={applied} onShow={moveTo} />
        )}
      </div>
    </div>
  );
}

function RecordAsOf({ streamId, asOf }: { streamId: string; asOf: string | undefined }) {
  const view = useQuery(auditRecordOptions(streamId, asOf));
  if (view.isPending) return <ListLoading what="record" />;
  if (view.isError) return <p role="alert">{errorReason(view.error)}</p>;
  return (
    <div className="card">
      <h2 className="card-title">Record</h2>
      <StateTable view={view.data} />
    </div>
  );
}

function ClientFile({
  clientId,
  asOf,
  onOpen,
}: {
  clientId: string;
  asOf: string | undefined;
  onOpen: (record: AuditRecordRefView) => void;
}) {
  const file = useQuery(auditClientFileOptions(clientId, asOf));
  if (file.isPending) return <ListLoading what="client file" />;
  if (file.isError) return <p role="alert">{errorReason(file.error)}</p>;
  return (
    <div className="card" data-testid="audit-client-file">
      <h2 className="card-title">Client file</h2>
      {file.data.client ? <StateTable view={file.data.client} /> : <p>The client was not registered yet.</p>}
      {file.data.records.length === 0 ? (
        <p className="small">No other records named the client by then.</p>
      ) : (
        file.data.records.map((view) => (
          <details key={view.record.streamId} className="audit-file-record">
            <summary>
              <span className="audit-kind">{view.record.kindLabel}</span> {view.record.title ?? view.record.id}
            </summary>
            <button type="button" className="button button-secondary button-small" onClick={() => onOpen(view.record)}>
              Open its history
            </button>
            <StateTable view={view} />
          </details>
        ))
      )}
    </div>
  );
}

function StateTable({ view }: { view: AuditRecordAsOfView }) {
  if (!view.state) return <p>The record did not exist at that instant.</p>;
  return (
    <div className="table-wrap">
      <table className="data-table audit-state">
        <caption className="sr-only">{view.record.kindLabel}, field by field</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {stateFields(view.state).map(([field, value]) => (
            <tr key={field}>
              <th scope="row">{field}</th>
              <td>{fieldValue(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Timeline({
  events,
  applied,
  onShow,
}: {
  events: readonly AuditTimelineEntryView[];
  applied: number;
  onShow: (instant: string) => void;
}) {
  return (
    <ol className="audit-timeline" aria-label="Events, oldest first">
      {events.map((event, index) => (
        <li
          key={event.eventId}
          className={`audit-event${index < applied ? '' : ' is-after'}`}
          data-testid="audit-event"
        >
          <div className="audit-event-head">
            <strong>{event.what}</strong>
            <span>
              {event.capturedAt
                ? `${formatDateTime(event.occurredAt)} (${offlineNote({ capturedAt: event.capturedAt, receivedAt: event.occurredAt })})`
                : formatDateTime(event.occurredAt)}
            </span>
            <span>by {event.who.name ?? event.who.userId}</span>
            <span className="small">request {event.correlationId}</span>
            <button type="button" className="button button-ghost button-small" onClick={() => onShow(event.occurredAt)}>
              Show as of this event
            </button>
          </div>
          {event.changes.length > 0 && (
            <ul className="audit-changes">
              {event.changes.map((change) => (
                <li key={change.field}>
                  <span className="audit-field">{change.field}</span>: {fieldValue(change.before)} →{' '}
                  {fieldValue(change.after)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
