// What the demo loader uses to judge its visits' timeliness as the rules process would have, at the time.
export {
  DEFAULT_VISIT_LATE_GRACE_MINUTES,
  VISIT_TIMELINESS_USER,
} from './appointments/visit-timeliness-policy';
// What the alert tests of the read API drive on their own clock: the rule runner and the end of snoozes.
export { ALERT_RULES } from './alert-rules/registry';
export { RuleRunner } from './alert-rules/rule-runner';
export { SnoozeEndJob } from './alert-rules/snooze-end-job';
