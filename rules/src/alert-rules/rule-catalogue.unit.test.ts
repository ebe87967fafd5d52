import { describe, expect, it } from 'vitest';
import { ALERT_RULE_CATALOGUE } from '@care/events';
import { ALERT_RULES } from './registry';

describe('the alert rule catalogue', () => {
  it('names every rule of the registry, in its order and with its severity, and nothing else', () => {
    expect(Object.entries(ALERT_RULE_CATALOGUE).map(([name, { severity }]) => ({ name, severity }))).toEqual(
      ALERT_RULES.map((rule) => ({ name: rule.name, severity: rule.severity })),
    );
  });
});
