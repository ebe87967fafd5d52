import {
  CONSENT_METHOD_LABELS,
  VISIT_TYPE_TASK_LABELS,
  type CarePlanContentView,
  type CarePlanMedicationView,
  type CarePlanView,
} from '@care/events';
import { formatDate } from '../../shared/format';
import { riskClass, riskRows, reviewText, statusClass, statusLabel } from './care-plan-format';

function Items({ title, items, none }: { title: string; items: readonly string[]; none: string }) {
  return (
    <section className="plan-section">
      <h3>{title}</h3>
      {items.length > 0 ? (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{none}</p>
      )}
    </section>
  );
}

/** The whole plan as it stands: what View Full Plan prints and what a carer reads before a visit. */
export function PlanContent({ plan }: { plan: CarePlanView }) {
  const agreement = plan.agreement;
  return (
    <div className="plan-content">
      <dl className="plan-summary">
        <div>
          <dt>Client</dt>
          <dd>{plan.clientName}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={statusClass(plan.status)}>{statusLabel(plan.status)}</span>
          </dd>
        </div>
        <div>
          <dt>Review date</dt>
          <dd>{reviewText(plan)}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>
            {plan.version} {plan.agreed ? '(agreed)' : '(not agreed yet)'}
          </dd>
        </div>
        <div>
          <dt>Agreement</dt>
          <dd>
            {agreement
              ? `Version ${agreement.version} agreed by ${agreement.agreedBy} (${agreement.relationship}), ${CONSENT_METHOD_LABELS[agreement.method].toLowerCase()}, on ${formatDate(agreement.agreedOn)}`
              : 'Not agreed yet'}
          </dd>
        </div>
        <div>
          <dt>Created by</dt>
          <dd>
            {plan.createdByName ?? 'Unknown'} · last updated {formatDate(plan.lastUpdated)}
          </dd>
        </div>
        <div>
          <dt>Plan quality</dt>
          <dd>
            {plan.quality.score}%{plan.quality.missing.length > 0 ? ` (lacks: ${plan.quality.missing.join(', ')})` : ''}
          </dd>
        </div>
      </dl>
      <PlanFields content={plan} medications={plan.medications} />
    </div>
  );
}

/** What a version of the plan says (the current one, or an earlier one shown from the versions list). */
export function PlanFields({
  content,
  medications,
}: {
  content: CarePlanContentView;
  medications: readonly CarePlanMedicationView[];
}) {
  return (
    <>
      <section className="plan-section">
        <h3>Description</h3>
        <p>{content.description || <span className="muted">No description</span>}</p>
      </section>
      <Items title="Objectives" items={content.objectives} none="No objectives" />
      <Items title="Interventions" items={content.interventions} none="No interventions" />
      <Items title="Goals" items={content.goals} none="No goals" />
      <section className="plan-section">
        <h3>Risk assessment</h3>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Risk</th>
              <th scope="col">Rating</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {riskRows(content).map((row) => (
              <tr key={row.area}>
                <th scope="row">{row.area}</th>
                <td>
                  <span className={row.level ? riskClass(row.level) : 'badge badge-muted'}>{row.label}</span>
                </td>
                <td>{row.notes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Items title="Medical conditions" items={content.medicalConditions} none="None recorded" />
      <Items title="Allergies" items={content.allergies} none="None recorded" />
      <Items
        title="Medications"
        items={medications.map(
          (medication) =>
            `${medication.name} ${medication.dosage}, ${medication.frequency}${medication.instructions ? ` (${medication.instructions})` : ''}`,
        )}
        none="No medications recorded"
      />
      <Items
        title="Emergency contacts"
        items={content.emergencyContacts.map(
          (contact) => `${contact.name} (${contact.relationship}), ${contact.phone}`,
        )}
        none="None recorded"
      />
      <Items
        title="Tasks on visits"
        items={content.visitTasks.map((list) => `${VISIT_TYPE_TASK_LABELS[list.visitType]}: ${list.tasks.join('; ')}`)}
        none="No tasks listed"
      />
    </>
  );
}
