import { marKeyEntry, type MarKeyEntryView } from '@care/events';
import { useMarKey } from './medication-api';

/**
 * A code's entry on the MAR chart's key, as a form needs it. A code missing from the key (only while the agency's
 * own codes load) reads as itself, needing a reason: the server decides the rest.
 */
export function useOutcome(code: string): MarKeyEntryView & { readonly key: readonly MarKeyEntryView[] } {
  const key = useMarKey();
  const entry = marKeyEntry(key, code) ?? {
    code,
    label: code,
    status: 'given',
    needsReason: true,
    builtIn: false,
    withdrawn: false,
  };
  return { ...entry, key };
}

/** The outcome choices: every code of the key still offered, and the record's own code even if since withdrawn. */
export function OutcomeSelect(props: {
  id: string;
  value: string;
  keyEntries: readonly MarKeyEntryView[];
  onChange: (code: string) => void;
}) {
  return (
    <select
      id={props.id}
      className="input"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.keyEntries
        .filter((entry) => !entry.withdrawn || entry.code === props.value)
        .map((entry) => (
          <option key={entry.code} value={entry.code}>
            {entry.code}: {entry.label}
          </option>
        ))}
    </select>
  );
}
