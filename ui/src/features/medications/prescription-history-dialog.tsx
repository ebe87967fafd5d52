import type { MedicationView, PrescriptionVersionView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../shared/api';
import { FormDialog } from '../../shared/form-dialog';
import { formatDateTime } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { MEDICATIONS_PATH } from './medication-api';
import { historyEntries } from './prescription-history';

/** Every version of a prescription (GET /api/medications/:id/history): what happened, who, when, why, and what changed. */
export function PrescriptionHistoryDialog({
  medication,
  onClose,
}: {
  medication: MedicationView | null;
  onClose: () => void;
}) {
  return (
    <FormDialog
      open={medication !== null}
      onOpenChange={(open) => !open && onClose()}
      title={medication ? `History of ${medication.name}` : ''}
    >
      {medication && <History medication={medication} />}
    </FormDialog>
  );
}

function History({ medication }: { medication: MedicationView }) {
  const path = `${MEDICATIONS_PATH}/${medication.id}/history`;
  const versions = useQuery({ queryKey: [path], queryFn: () => apiGet<PrescriptionVersionView[]>(path) });
  if (versions.isPending) return <ListLoading what="history" />;
  if (versions.isError)
    return <ListLoadError what="history" error={versions.error} onRetry={() => void versions.refetch()} />;
  const entries = historyEntries(versions.data).reverse();
  return (
    <div className="prescription-history">
      <p className="muted small">
        {medication.name} {medication.strength ?? ''} for {medication.clientName ?? 'the client'}, newest first.
      </p>
      <ol className="history-list">
        {entries.map((entry) => (
          <li key={entry.revision} className="history-entry" data-testid="history-entry">
            <p>
              <strong>{entry.what}</strong> {formatDateTime(entry.at)}
              {entry.by && <> by {entry.by}</>}
            </p>
            {entry.reason && <p className="small">Reason: {entry.reason}</p>}
            {entry.fields.length > 0 && (
              <table className="data-table compact">
                <caption className="sr-only">
                  What {entry.what.toLowerCase()} on {formatDateTime(entry.at)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    {entry.fields[0]!.before !== null && <th scope="col">Before</th>}
                    <th scope="col">{entry.fields[0]!.before !== null ? 'After' : 'Value'}</th>
                  </tr>
                </thead>
                <tbody>
                  {entry.fields.map((field) => (
                    <tr key={field.label}>
                      <th scope="row">{field.label}</th>
                      {field.before !== null && <td data-label="Before">{field.before}</td>}
                      <td data-label={field.before !== null ? 'After' : 'Value'}>{field.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
