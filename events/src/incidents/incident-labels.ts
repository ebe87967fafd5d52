import type {
  IncidentDuty,
  IncidentDutyReason,
  IncidentDutyStep,
  IncidentSeverity,
  IncidentStatus,
  IncidentType,
} from '../enums';

export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  accident: 'Accident',
  medication_error: 'Medication Error',
  behavioral: 'Behavioural',
  safeguarding: 'Safeguarding',
};
export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  reported: 'Reported',
  investigating: 'Investigating',
  resolved: 'Resolved',
  closed: 'Closed',
};
export const INCIDENT_DUTY_LABELS: Record<IncidentDuty, string> = {
  cqc_notification: 'CQC notification',
  riddor: 'RIDDOR report',
  duty_of_candour: 'Duty of candour',
};
export const INCIDENT_DUTY_REASON_LABELS: Record<IncidentDutyReason, string> = {
  death: 'Death',
  serious_injury: 'Serious injury',
  abuse_or_allegation: 'Abuse or an allegation of abuse',
  police_involvement: 'Police involvement',
  specified_injury: 'Specified injury to a worker',
  over_seven_day_injury: 'Worker unable to work for over 7 days',
  dangerous_occurrence: 'Dangerous occurrence',
  occupational_disease: 'Occupational disease',
  severe_harm: 'Severe harm to the client',
  moderate_harm: 'Moderate harm to the client',
  prolonged_psychological_harm: 'Prolonged psychological harm to the client',
};
export const INCIDENT_DUTY_STEP_LABELS: Record<IncidentDutyStep, string> = {
  notification_sent: 'Notification sent to CQC',
  report_sent: 'Report sent to HSE',
  apology_given: 'Apology given',
  written_notice_sent: 'Written notice sent',
};
