import { isAlertRule, type AlertRuleSwitchEvent } from '@care/events';
import { DomainError } from '../shared/domain-error';

export type RuleSwitchCommand = {
  readonly type: 'SwitchAlertRuleOff' | 'SwitchAlertRuleOn';
  readonly rule: string;
  readonly reason: string;
};

/** The rules switched off for the agency (every other rule is on). */
export type RuleSwitchState = ReadonlySet<string>;

export const initialRuleSwitchState: RuleSwitchState = new Set();
export const UNKNOWN_RULE = 'Rule is not an alert rule';
export const RULE_ALREADY_OFF = 'This alert rule is already switched off';
export const RULE_ALREADY_ON = 'This alert rule is already switched on';

/** Folds one switch into the set of rules that are off. Pure. */
export function evolveRuleSwitches(state: RuleSwitchState, event: AlertRuleSwitchEvent): RuleSwitchState {
  const off = new Set(state);
  if (event.type === 'AlertRuleSwitchedOff') off.add(event.data.rule);
  else off.delete(event.data.rule);
  return off;
}

/**
 * Switching a rule off or on. Pure. A name that is no rule is refused with 400 on `rule`. Switching off a rule
 * that is already off (or on one already on) is refused with 409 rather than accepted as a no-op: the second
 * administrator is looking at a stale screen, and a silent success would tell them their reason was recorded
 * when the first administrator's reason is the one that stands.
 */
export function decideRuleSwitch(command: RuleSwitchCommand, state: RuleSwitchState): AlertRuleSwitchEvent[] {
  if (!isAlertRule(command.rule)) throw new DomainError('invalid', UNKNOWN_RULE, 'rule');
  const data = { rule: command.rule, reason: command.reason };
  if (command.type === 'SwitchAlertRuleOff') {
    if (state.has(command.rule)) throw new DomainError('conflict', RULE_ALREADY_OFF);
    return [{ type: 'AlertRuleSwitchedOff', data }];
  }
  if (!state.has(command.rule)) throw new DomainError('conflict', RULE_ALREADY_ON);
  return [{ type: 'AlertRuleSwitchedOn', data }];
}
