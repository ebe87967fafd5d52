import type { CarerChoice } from './get-carer-choices';

interface PreferredCarersProps {
  id: string;
  carers: readonly CarerChoice[];
  loading: boolean;
  value: string[];
  onChange: (next: string[]) => void;
  error: string | undefined;
}

/**
 * A group of checkboxes, one per carer; the order of ticking is the order of preference sent to the server.
 * The group (not a list input) is what the legend names and what takes the focus for a server refusal.
 */
export function PreferredCarersInput({ id, carers, loading, value, onChange, error }: PreferredCarersProps) {
  return (
    <fieldset
      id={id}
      className="field field-wide client-fieldset"
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="label">Preferred carers</legend>
      {loading ? (
        <p className="muted small">Loading carers...</p>
      ) : carers.length === 0 ? (
        <p className="muted small">No carers to choose from yet.</p>
      ) : (
        <ul className="client-carer-choices">
          {carers.map((carer) => {
            const checkboxId = `${id}-${carer.id}`;
            return (
              <li key={carer.id}>
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={value.includes(carer.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked ? [...value, carer.id] : value.filter((chosen) => chosen !== carer.id),
                    )
                  }
                />
                <label htmlFor={checkboxId}>{carer.label}</label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
