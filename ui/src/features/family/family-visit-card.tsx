import type { FamilyVisitView } from '@care/events';
import { recordedTime, visitDay, visitStatus } from './family-portal-text';
import { FamilyVisitActions } from './family-visit-actions';

/** One visit: when, who, its status; once done, when the carer came and went, the tasks and the shared note. */
export function FamilyVisitCard({
  clientId,
  visit,
  next = false,
}: {
  clientId: string;
  visit: FamilyVisitView;
  /** The soonest upcoming visit, shown apart from the rest. */
  next?: boolean;
}) {
  const carer = visit.carerFirstName ?? 'Carer not yet chosen';
  return (
    <li className={`family-visit${next ? ' family-visit-next' : ''}`} data-visit-id={visit.id}>
      <div className="family-visit-head">
        <p className="family-visit-when">
          {next && <span className="family-next-label">Next visit · </span>}
          <span>{visitDay(visit.date)}</span>{' '}
          <span className="family-visit-window">
            {visit.startTime}–{visit.endTime}
          </span>
        </p>
        <span className={`badge family-status family-status-${visit.status}`}>{visitStatus(visit.status)}</span>
      </div>
      <p className="family-visit-carer">Carer: {carer}</p>
      {(visit.arrived || visit.left) && (
        <dl className="family-visit-times">
          {visit.arrived && (
            <div>
              <dt>Arrived</dt>
              <dd>{recordedTime(visit.arrived)}</dd>
            </div>
          )}
          {visit.left && (
            <div>
              <dt>Left</dt>
              <dd>{recordedTime(visit.left)}</dd>
            </div>
          )}
        </dl>
      )}
      {visit.tasks.length > 0 && (
        <div className="family-visit-tasks">
          <p className="family-visit-label">Tasks</p>
          <ul>
            {visit.tasks.map((task, index) => (
              <li key={`${task.name}-${index}`} className={task.done ? 'done' : 'not-done'}>
                <span aria-hidden>{task.done ? '✓' : '–'}</span> {task.name}
                <span className="sr-only">{task.done ? ': done' : ': not done'}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {visit.sharedNote && (
        <blockquote className="family-visit-note">
          <p className="family-visit-label">Note from {visit.carerFirstName ?? 'the carer'}</p>
          <p>{visit.sharedNote}</p>
        </blockquote>
      )}
      <FamilyVisitActions clientId={clientId} visit={visit} />
    </li>
  );
}
