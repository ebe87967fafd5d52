import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-definition';
import { eventText } from '../event-fields';
import { TEXT_LIMITS } from '../limits';

/**
 * An administrator switched an alert rule off for the agency: the rule runner stops evaluating it and resolves
 * its open alerts. `rule` is the rule's name in the rules registry. Who: the metadata's userId.
 */
export const AlertRuleSwitchedOff = defineEvent(
  'AlertRuleSwitchedOff',
  1,
  z.object({ rule: eventText(TEXT_LIMITS.reference), reason: eventText(TEXT_LIMITS.shortReason) }),
);

/** Switched on again: the rule's next evaluation raises (or reopens) what holds. */
export const AlertRuleSwitchedOn = defineEvent(
  'AlertRuleSwitchedOn',
  1,
  z.object({ rule: eventText(TEXT_LIMITS.reference), reason: eventText(TEXT_LIMITS.shortReason) }),
);

export const alertRuleSwitchEvents = [AlertRuleSwitchedOff, AlertRuleSwitchedOn] as const;
export type AlertRuleSwitchEvent = EventOf<typeof alertRuleSwitchEvents>;

/** Every switch of every rule, on one stream: a decision sees all of them at once. */
export const ALERT_RULE_SWITCHES_STREAM = 'alert-rule-switches';
