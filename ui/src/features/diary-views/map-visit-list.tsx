import { londonClock, type DiaryMapVisitView } from '@care/events';
import { enumLabel } from '../../shared/format';
import { appSignalText } from '../../records/visit-records/app-signal';

const nameOf = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'Unassigned';

/** The map's visits as a list: what the markers show, readable without the map (screen readers, keyboards). */
export function MapVisitList({ visits, label }: { visits: readonly DiaryMapVisitView[]; label: string }) {
  return (
    <ul className="diary-entry-lines" aria-label={label}>
      {visits.map((visit) => (
        <li key={visit.id} className="card diary-monitoring-row" data-testid="diary-map-visit">
          <div>
            <strong>{nameOf(visit.client)}</strong>
            <p className="small muted diary-entry-line-meta">
              <span>
                {londonClock(visit.scheduledStart)}–{londonClock(visit.scheduledEnd)}
              </span>
              <span>Carer: {nameOf(visit.carer)}</span>
              {visit.carer && <span>{appSignalText(visit.carerAppLastOnline, new Date())}</span>}
              <span className={`badge status-${visit.status}`}>{enumLabel(visit.status)}</span>
            </p>
            <p className="small muted">
              {visit.location.address ??
                `${visit.location.latitude.toFixed(5)}, ${visit.location.longitude.toFixed(5)}`}
            </p>
          </div>
          {visit.entries.length > 0 ? (
            <ul className="small" aria-label={`Diary entries, ${nameOf(visit.client)}`}>
              {visit.entries.map((entry) => (
                <li key={entry.id}>{entry.title}</li>
              ))}
            </ul>
          ) : (
            <p className="small muted">No diary entries for this visit.</p>
          )}
        </li>
      ))}
    </ul>
  );
}
