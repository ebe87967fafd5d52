import { reasonRequestSchema, TEXT_LIMITS, type AlertRuleView } from '@care/events';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorReason } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { TextCommandDialog } from '../../shared/text-command-dialog';
import { toast } from '../../shared/toast';
import { personName, SeverityBadge } from '../../records/alerts/alert-badges';
import { alertRulesQuery, useSwitchAlertRule } from '../../records/alerts/alert-rules';

/**
 * Administrators switch an alert rule off for the agency, or on again, each time with a reason. A rule switched off
 * raises nothing and its open alerts are resolved by the system; switched on, what still holds comes back.
 */
export function AlertRulesSection() {
  const rules = useQuery(alertRulesQuery);
  const [switching, setSwitching] = useState<AlertRuleView>();
  const switchRule = useSwitchAlertRule();

  return (
    <section className="card settings-card settings-card-wide" aria-labelledby="settings-alert-rules">
      <h2 id="settings-alert-rules">Alert rules</h2>
      <p className="muted">
        Switch a rule off for the whole agency when its alerts do not help: it raises none and its open alerts are
        resolved. Switched on again, what still holds comes back.
      </p>
      {rules.isPending ? (
        <p className="muted">Loading alert rules…</p>
      ) : rules.isError ? (
        <p className="form-error" role="alert">
          Could not load the alert rules: {errorReason(rules.error)}
        </p>
      ) : (
        <ul className="alert-rule-list">
          {rules.data.map((rule) => (
            <li key={rule.name} className="alert-rule" data-testid="alert-rule">
              <div className="alert-rule-text">
                <span className="alert-rule-label">
                  {rule.label} <SeverityBadge severity={rule.severity} />
                </span>
                {rule.changedAt && (
                  <span className="muted small">
                    {rule.on ? 'Switched on' : 'Switched off'} by {personName(rule.changedBy, 'an administrator')},{' '}
                    {formatDateTime(rule.changedAt)}: {rule.reason}
                  </span>
                )}
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={rule.on}
                aria-label={`${rule.label}: ${rule.on ? 'on' : 'off'}`}
                className={`button button-small ${rule.on ? 'button-secondary' : 'button-primary'}`}
                onClick={() => setSwitching(rule)}
              >
                {rule.on ? 'On: switch off' : 'Off: switch on'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {switching && (
        <TextCommandDialog
          open
          onOpenChange={(open) => {
            if (!open) setSwitching(undefined);
          }}
          title={switching.on ? 'Switch Alert Rule Off' : 'Switch Alert Rule On'}
          summary={switching.label}
          field="reason"
          label="Reason"
          required
          maxLength={TEXT_LIMITS.shortReason}
          schema={reasonRequestSchema}
          submitLabel={switching.on ? 'Switch off' : 'Switch on'}
          onSubmit={async ({ reason }) => {
            await switchRule.mutateAsync({ rule: switching.name, reason, on: !switching.on });
            toast({ title: `${switching.label} switched ${switching.on ? 'off' : 'on'}` });
          }}
        />
      )}
    </section>
  );
}
