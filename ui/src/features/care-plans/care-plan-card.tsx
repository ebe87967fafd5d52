import type { CarePlanView } from '@care/events';
import { AlertTriangle, CalendarClock, Phone, Pill, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate } from '../../shared/format';
import { CARD_LIMITS, firstOf, reviewText, riskClass, riskRows, statusClass, statusLabel } from './care-plan-format';

/** One plan on the Care Planner: what a coordinator scans for, and the tab's buttons. */
export function CarePlanCard({ plan, actions }: { plan: CarePlanView; actions: ReactNode }) {
  const objectives = firstOf(plan.objectives, CARD_LIMITS.objectives);
  const medications = firstOf(plan.medications, CARD_LIMITS.medications);
  const contacts = firstOf(plan.emergencyContacts, CARD_LIMITS.contacts);
  const overdue = plan.reviewInDays < 0;
  return (
    <article
      className="card care-plan-card"
      data-testid="care-plan-card"
      aria-label={`${plan.title}, ${plan.clientName}`}
    >
      <header className="care-plan-card-header">
        <div>
          <h3 className="care-plan-title">{plan.title}</h3>
          <p className="care-plan-client">
            <User size={14} aria-hidden /> {plan.clientName}
          </p>
        </div>
        <div className="care-plan-badges">
          <span className={statusClass(plan.status)}>{statusLabel(plan.status)}</span>
          {plan.highRisk && (
            <span className="badge risk-high">
              <AlertTriangle size={12} aria-hidden /> High risk
            </span>
          )}
          <span className={plan.agreed ? 'badge badge-success' : 'badge badge-muted'}>
            {plan.agreed ? `Version ${plan.version} agreed` : `Version ${plan.version} not agreed`}
          </span>
        </div>
      </header>
      <p className={`care-plan-review${overdue ? ' care-plan-overdue' : ''}`}>
        <CalendarClock size={14} aria-hidden /> Review date: {reviewText(plan)}
      </p>
      {plan.description && <p className="care-plan-description">{plan.description}</p>}
      <dl className="care-plan-facts">
        <div>
          <dt>Conditions</dt>
          <dd>{plan.medicalConditions.length > 0 ? plan.medicalConditions.join(', ') : 'None recorded'}</dd>
        </div>
        <div>
          <dt>Allergies</dt>
          <dd>{plan.allergies.length > 0 ? plan.allergies.join(', ') : 'None recorded'}</dd>
        </div>
      </dl>
      <section className="care-plan-section" aria-label="Objectives">
        <h4>Objectives</h4>
        {objectives.shown.length > 0 ? (
          <ul>
            {objectives.shown.map((objective) => (
              <li key={objective}>{objective}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">No objectives yet</p>
        )}
        {objectives.more > 0 && <p className="muted small">+{objectives.more} more</p>}
      </section>
      <section className="care-plan-section" aria-label="Medications">
        <h4>Medications</h4>
        {medications.shown.length > 0 ? (
          <ul>
            {medications.shown.map((medication) => (
              <li key={`${medication.name}-${medication.dosage}`}>
                <Pill size={12} aria-hidden /> {medication.name} {medication.dosage}, {medication.frequency}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No medications recorded</p>
        )}
        {medications.more > 0 && <p className="muted small">+{medications.more} more</p>}
      </section>
      <section className="care-plan-section" aria-label="Emergency contacts">
        <h4>Emergency contacts</h4>
        {contacts.shown.length > 0 ? (
          <ul>
            {contacts.shown.map((contact) => (
              <li key={`${contact.name}-${contact.phone}`}>
                <Phone size={12} aria-hidden /> {contact.name} ({contact.relationship}), {contact.phone}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">None recorded</p>
        )}
      </section>
      <section className="care-plan-section" aria-label="Risk assessment">
        <h4>Risk assessment</h4>
        <ul className="care-plan-risks">
          {riskRows(plan).map((row) => (
            <li key={row.area}>
              <span>{row.area}</span>{' '}
              <span className={row.level ? riskClass(row.level) : 'badge badge-muted'}>{row.label}</span>
            </li>
          ))}
        </ul>
      </section>
      <p className="care-plan-meta muted small">
        Created by {plan.createdByName ?? 'unknown'} · Last updated {formatDate(plan.lastUpdated)}
      </p>
      <div className="card-actions care-plan-actions">{actions}</div>
    </article>
  );
}
