import type { AppointmentView } from '@care/events';
import { AlertTriangle, Route } from 'lucide-react';
import { travelDetail, travelText } from './travel-text';
import './travel-note.css';

/**
 * The estimated travel from the carer's previous visit that day to this one ("12 min travel"), and a warning in
 * words when the gap between the two is shorter than that ("Only 5 min between visits, about 12 min travel"): the
 * icon and colour repeat what the text says, so the flag does not depend on seeing colour. Nothing for the day's
 * first visit or one whose travel cannot be estimated. `compact` is for a timeline block or a rota chip, too
 * narrow for the sentence: a tight gap reads "Tight gap" there, with the sentence for screen readers and in the
 * tooltip.
 */
export function TravelNote({ visit, compact = false }: { visit: AppointmentView; compact?: boolean }) {
  const travel = visit.travelFromPrevious;
  if (!travel) return null;
  const tight = visit.tightGap === true;
  const Icon = tight ? AlertTriangle : Route;
  const text = travelText(travel, tight);
  return (
    <span
      className={`travel-note${tight ? ' travel-note-tight' : ''}${compact ? ' travel-note-compact' : ''}`}
      data-testid="travel-note"
      title={compact && tight ? `${text}. ${travelDetail(travel)}` : travelDetail(travel)}
    >
      <Icon size={compact ? 12 : 14} aria-hidden />
      {compact && tight ? (
        <span>
          Tight gap<span className="sr-only">: {text}</span>
        </span>
      ) : (
        <span>{text}</span>
      )}
    </span>
  );
}
