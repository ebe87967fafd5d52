// What the demo loader uses to judge its visits' timeliness as the rules process would have, at the time.
export {
  DEFAULT_VISIT_LATE_GRACE_MINUTES,
  VISIT_TIMELINESS_USER,
} from './appointments/visit-timeliness-policy';
