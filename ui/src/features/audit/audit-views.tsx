import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { auditViewsOptions } from './audit-queries';

const VIEW_LABELS = {
  record: 'Record',
  timeline: 'History',
  'client-file': 'Client file',
  'confidential-diary-entry': 'Confidential diary entry',
  'family-visits': 'Visits (family portal)',
  'family-medications': 'Medication summary (family portal)',
  'family-care-plan': 'Care plan summary (family portal)',
  'subject-access-export': 'Whole record exported on request',
} as const;

/** Who opened which record from the audit screen, newest first (RecordViewed events). */
export function AuditViews() {
  const [offset, setOffset] = useState(0);
  const views = useQuery(auditViewsOptions(offset));
  if (views.isPending) return <ListLoading what="views" />;
  if (views.isError) return <ListLoadError what="views" error={views.error} onRetry={() => void views.refetch()} />;
  const { items, total } = views.data;
  return (
    <div className="card">
      <div className="table-wrap">
        <table className="data-table" data-testid="audit-views">
          <caption className="sr-only">Records viewed, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Viewed</th>
              <th scope="col">Record</th>
              <th scope="col">As of</th>
            </tr>
          </thead>
          <tbody>
            {items.map((view) => (
              <tr key={view.eventId}>
                <td>{formatDateTime(view.viewedAt)}</td>
                <td>{view.who.name ?? view.who.userId}</td>
                <td>{VIEW_LABELS[view.view]}</td>
                <td>{view.streamId ?? '—'}</td>
                <td>{view.asOf ? formatDateTime(view.asOf) : 'Now'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="audit-pager">
        <span className="small">
          {total === 0 ? 'No views yet' : `${offset + 1}–${offset + items.length} of ${total}`}
        </span>
        <button
          type="button"
          className="button button-secondary"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - 50))}
        >
          Newer
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={offset + items.length >= total}
          onClick={() => setOffset(offset + 50)}
        >
          Older
        </button>
      </div>
    </div>
  );
}
