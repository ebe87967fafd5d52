import { DRUG_INTERACTIONS } from '@care/events';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { PHARMACIST_NOTICE } from './interaction-notice';
import { useClientInteractions } from './medication-api';

/** Interactions among each client's active medicines, then the whole curated table with its sources. */
export function InteractionsTab() {
  const found = useClientInteractions();
  return (
    <div className="tab-body">
      <p className="notice" role="note" data-testid="pharmacist-notice">
        {PHARMACIST_NOTICE}
      </p>
      <div className="card">
        <h2 className="section-title">In clients’ current medicines</h2>
        {found.isPending ? (
          <ListLoading what="interactions" />
        ) : found.isError ? (
          <ListLoadError what="interactions" error={found.error} onRetry={() => void found.refetch()} />
        ) : found.data.length === 0 ? (
          <p className="empty-state">No known interactions among any client’s active medicines.</p>
        ) : (
          <ul className="interaction-list">
            {found.data.map(({ clientId, clientName, interaction }) => (
              <li key={`${clientId}/${interaction.medicines.join('+')}`} data-testid="client-interaction">
                <span className={`badge severity-${interaction.severity}`}>{interaction.severity}</span>{' '}
                <strong>{clientName}</strong>: {interaction.medicines.join(' + ')}. {interaction.effect}. Watch for:{' '}
                {interaction.watchFor}.
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="card">
        <h2 className="section-title">Known interactions</h2>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="sr-only">Curated interactions between medicines of the database, with sources</caption>
            <thead>
              <tr>
                <th scope="col">Medicines</th>
                <th scope="col">Severity</th>
                <th scope="col">Effect</th>
                <th scope="col">Watch for</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {DRUG_INTERACTIONS.map((interaction) => (
                <tr key={interaction.medicines.join('+')}>
                  <td data-label="Medicines">{interaction.medicines.join(' + ')}</td>
                  <td data-label="Severity">
                    <span className={`badge severity-${interaction.severity}`}>{interaction.severity}</span>
                  </td>
                  <td data-label="Effect">{interaction.effect}</td>
                  <td data-label="Watch for">{interaction.watchFor}</td>
                  <td data-label="Source">
                    <a href={interaction.sourceUrl} target="_blank" rel="noreferrer">
                      {interaction.source}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
