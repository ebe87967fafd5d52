import type { AlertRuleSwitchEvent } from '@care/events';
import { describe, expect, it } from 'vitest';
import { refusal } from '../shared/refusal.testing';
import {
  decideRuleSwitch,
  evolveRuleSwitches,
  initialRuleSwitchState,
  type RuleSwitchCommand,
} from './rule-switch-decide';

const reason = 'Diary incidents are reviewed at the morning meeting';
const switchedOff = (rule: string): AlertRuleSwitchEvent => ({ type: 'AlertRuleSwitchedOff', data: { rule, reason } });
const switchedOn = (rule: string): AlertRuleSwitchEvent => ({ type: 'AlertRuleSwitchedOn', data: { rule, reason } });
const off = (rule: string): RuleSwitchCommand => ({ type: 'SwitchAlertRuleOff', rule, reason });
const on = (rule: string): RuleSwitchCommand => ({ type: 'SwitchAlertRuleOn', rule, reason });

/** Given past switches, when a command, then the new events or the refusal. */
function given(...events: AlertRuleSwitchEvent[]) {
  const state = events.reduce(evolveRuleSwitches, initialRuleSwitchState);
  return {
    when: (command: RuleSwitchCommand) => ({
      then: (expected: AlertRuleSwitchEvent[]) => expect(decideRuleSwitch(command, state)).toEqual(expected),
      thenRefused: () => refusal(() => decideRuleSwitch(command, state)),
    }),
  };
}

describe('decide: switching an alert rule off and on', () => {
  it('switches a rule off, and on again, with the reason', () => {
    given()
      .when(off('diary-urgent'))
      .then([switchedOff('diary-urgent')]);
    given(switchedOff('diary-urgent'))
      .when(on('diary-urgent'))
      .then([switchedOn('diary-urgent')]);
    given(switchedOff('diary-urgent'), switchedOn('diary-urgent'))
      .when(off('diary-urgent'))
      .then([switchedOff('diary-urgent')]);
  });

  it('keeps each rule apart: another rule off does not make this one off', () => {
    given(switchedOff('visit-late'))
      .when(off('diary-urgent'))
      .then([switchedOff('diary-urgent')]);
  });

  it('refuses a name that is no alert rule with 400 on rule', () => {
    const unknown = { kind: 'invalid', message: 'Rule is not an alert rule', field: 'rule' };
    expect(given().when(off('visit_late')).thenRefused()).toEqual(unknown);
    expect(given().when(on('toString')).thenRefused()).toEqual(unknown);
  });

  it('refuses switching off what is off, and on what is on, as a conflict', () => {
    expect(given(switchedOff('diary-urgent')).when(off('diary-urgent')).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'This alert rule is already switched off',
      field: undefined,
    });
    expect(given().when(on('diary-urgent')).thenRefused()).toEqual({
      kind: 'conflict',
      message: 'This alert rule is already switched on',
      field: undefined,
    });
  });
});
