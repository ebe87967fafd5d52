import { Plus, X } from 'lucide-react';
import { useState } from 'react';

/** Why an entry was not added; shown under the input. */
export type ListEntryRefusal = 'empty' | 'duplicate';

/** The schema's list rule (events/src/fields.ts textList): trimmed; blank and case-insensitive duplicates refused. */
export function addListEntry(list: readonly string[], entry: string): { list: string[]; refused?: ListEntryRefusal } {
  const item = entry.trim();
  if (item === '') return { list: [...list], refused: 'empty' };
  if (list.some((existing) => existing.toLowerCase() === item.toLowerCase()))
    return { list: [...list], refused: 'duplicate' };
  return { list: [...list, item] };
}

interface TextListInputProps {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  /** The list's name for assistive technology, e.g. "Added qualification list". */
  listLabel: string;
  placeholder?: string;
  describedBy?: string;
}

/**
 * A list of short texts (qualifications, medical conditions, allergies, tags): added with Enter or the Add
 * button, removed with ×; entries are trimmed and a blank or duplicate entry is refused with a message.
 */
export function TextListInput({ id, value, onChange, listLabel, placeholder, describedBy }: TextListInputProps) {
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const add = () => {
    const result = addListEntry(value, draft);
    if (result.refused === 'empty') {
      setRefusal('Type an entry before adding it');
      return;
    }
    if (result.refused === 'duplicate') {
      setRefusal(`"${draft.trim()}" is already in the list`);
      return;
    }
    setRefusal(undefined);
    onChange(result.list);
    setDraft('');
  };
  const refusalId = `${id}-refusal`;
  return (
    <div className="qualifications">
      <div className="input-with-button">
        <input
          id={id}
          className="input"
          value={draft}
          placeholder={placeholder}
          aria-describedby={[describedBy, refusal ? refusalId : undefined].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setRefusal(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-secondary" onClick={add}>
          <Plus size={16} aria-hidden />
          Add
        </button>
      </div>
      {refusal && (
        <p id={refusalId} className="field-error" role="alert">
          {refusal}
        </p>
      )}
      {value.length > 0 && (
        <ul className="chips" aria-label={listLabel}>
          {value.map((item) => (
            <li key={item} className="chip">
              {item}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${item}`}
                onClick={() => onChange(value.filter((existing) => existing !== item))}
              >
                <X size={12} aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
