import { NUMBER_LIMITS } from '@care/events';
import { useId } from 'react';

const { min, max } = NUMBER_LIMITS.clientRating;
const RATINGS = Array.from({ length: max - min + 1 }, (_, index) => min + index);

/**
 * The client's satisfaction with the visit, 1 to 5, optional: native radios in a fieldset (a radio group: arrow keys move the choice),
 * with "No rating" to leave it out. The dashboard's client satisfaction is the mean of these.
 */
export function ClientRating({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  const name = useId();
  return (
    <fieldset className="client-rating" aria-describedby={`${name}-hint`}>
      <legend className="label">Client rating (optional)</legend>
      <p className="small muted" id={`${name}-hint`}>
        How satisfied the client was with this visit, from 1 (not at all) to 5 (very).
      </p>
      <div className="client-rating-options">
        {RATINGS.map((rating) => (
          <label key={rating} className="client-rating-option">
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={`${rating} of ${max}`}
            />
            <span aria-hidden>{rating}</span>
          </label>
        ))}
        <label className="client-rating-option client-rating-none">
          <input type="radio" name={name} value="" checked={value === null} onChange={() => onChange(null)} />
          <span>No rating</span>
        </label>
      </div>
    </fieldset>
  );
}
