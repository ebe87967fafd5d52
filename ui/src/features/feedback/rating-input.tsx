import { Star } from 'lucide-react';
import { RATINGS } from './feedback-form';

/** A 1 to 5 star rating as a radio group: arrow keys move between stars, each announced as "Rating N". */
export function RatingInput({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange: (rating: number) => void;
}) {
  return (
    <fieldset className="feedback-rating">
      <legend className="label">Rating</legend>
      <div className="feedback-stars">
        {RATINGS.map((rating) => (
          <label
            key={rating}
            className={`feedback-star${rating <= value ? ' feedback-star-on' : ''}`}
            title={`${rating} of 5`}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={rating}
              checked={value === rating}
              aria-label={`Rating ${rating}`}
              onChange={() => onChange(rating)}
            />
            <Star size={26} aria-hidden fill={rating <= value ? 'currentColor' : 'none'} />
          </label>
        ))}
        <span className="muted small" aria-hidden>
          {value} of 5
        </span>
      </div>
    </fieldset>
  );
}
