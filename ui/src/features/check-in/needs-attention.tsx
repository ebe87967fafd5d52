import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { formatDateTime } from '../../shared/format';
import { deleteRecord, type OutboxRecord } from '../../shared/offline/outbox';

/**
 * Records made on this phone without signal that the server refused when they were sent (a visit cancelled
 * meanwhile, say). They stay here until the carer has read them; the office was sent each one in full.
 */
export function NeedsAttention({ records }: { records: readonly OutboxRecord[] }) {
  const refused = records.filter((record) => record.state === 'needs-attention');
  const [dismissing, setDismissing] = useState<OutboxRecord | null>(null);
  if (refused.length === 0) return null;
  return (
    <section className="card needs-attention" aria-labelledby="needs-attention-title" id="needs-attention">
      <h2 className="needs-attention-title" id="needs-attention-title">
        <TriangleAlert size={18} aria-hidden /> Needs attention
      </h2>
      <p className="small">These records made on this phone could not be applied.</p>
      <ul className="needs-attention-list">
        {refused.map((record) => (
          <li key={record.id} className="needs-attention-item" data-testid="needs-attention-record">
            <p>
              <strong>{record.label}</strong>
              <span className="small muted"> · recorded {formatDateTime(record.capturedAt)}</span>
            </p>
            <p className="small">{record.reason ?? 'The server refused it.'}</p>
            <p className="small muted">The office has been told.</p>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => setDismissing(record)}
              aria-label={`Dismiss ${record.label}`}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={dismissing !== null}
        onOpenChange={(open) => !open && setDismissing(null)}
        title={`Dismiss ${dismissing?.label ?? 'this record'}?`}
        confirmLabel="Dismiss"
        onConfirm={() => {
          if (dismissing) void deleteRecord(dismissing.id);
          setDismissing(null);
        }}
      >
        <p>It is removed from this phone. The office already has a copy of what it said.</p>
      </ConfirmDialog>
    </section>
  );
}
