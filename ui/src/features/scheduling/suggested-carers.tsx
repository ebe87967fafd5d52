import { useQuery } from '@tanstack/react-query';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { excludedSummary, suggestionsQueryOptions } from './get-suggestions';
import { SuggestionReasons } from './suggestion-reasons';
import './suggestions.css';

/** How many of the ranked carers the dialog shows; the select below still offers everyone. */
export const SUGGESTIONS_SHOWN = 5;

/** The best carers for the visit, each with why and an Assign button, and who was left out. */
export function SuggestedCarers({
  visitId,
  busy,
  onAssign,
}: {
  visitId: string;
  busy: boolean;
  onAssign: (carerId: string) => void;
}) {
  const ranked = useQuery(suggestionsQueryOptions(visitId));
  if (ranked.isPending) return <ListLoading what="suggested carers" />;
  if (ranked.isError)
    return <ListLoadError what="suggested carers" error={ranked.error} onRetry={() => void ranked.refetch()} />;
  const shown = ranked.data.suggestions.slice(0, SUGGESTIONS_SHOWN);
  const left = excludedSummary(ranked.data.excluded);
  return (
    <div className="suggested-carers">
      <h3 className="suggested-carers-title">Suggested carers</h3>
      {shown.length === 0 ? (
        <p className="muted small">No carer is free for this visit.</p>
      ) : (
        <ol className="suggested-carers-list">
          {shown.map((carer) => (
            <li key={carer.carerId} className="suggested-carer" data-testid="suggested-carer">
              <div className="suggested-carer-head">
                <strong>{carer.carerName}</strong>
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={busy}
                  aria-label={`Assign ${carer.carerName}`}
                  onClick={() => onAssign(carer.carerId)}
                >
                  Assign
                </button>
              </div>
              <SuggestionReasons reasons={carer.reasons} />
            </li>
          ))}
        </ol>
      )}
      {left && <p className="muted small">{left}</p>}
    </div>
  );
}
