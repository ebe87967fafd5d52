import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { addQualification } from './carer-form';

interface Props {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  describedBy?: string;
}

/** Spec section 5: entries trimmed, duplicates not added, each removable. */
export function QualificationsInput({ id, value, onChange, describedBy }: Props) {
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addQualification(value, draft));
    setDraft('');
  };
  return (
    <div className="qualifications">
      <div className="input-with-button">
        <input
          id={id}
          className="input"
          value={draft}
          placeholder="e.g. NVQ Level 3"
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value)}
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
      {value.length > 0 && (
        <ul className="chips" aria-label="Added qualification list">
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
