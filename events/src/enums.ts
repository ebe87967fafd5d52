/** The fixed value lists of the data model, as the screens offer them. */
export const REGIONS = ['north', 'south', 'east', 'west', 'central'] as const;
export type Region = (typeof REGIONS)[number];

export const CARER_SPECIALIZATIONS = [
  'general',
  'dementia',
  'mobility',
  'medical',
  'palliative',
  'mental_health',
] as const;
export type CarerSpecialization = (typeof CARER_SPECIALIZATIONS)[number];

/**
 * Account roles; a new user is a carer unless an admin says otherwise. An auditor reads
 * every record and writes nothing; their permissions are derived (access/permissions.ts). A family account
 * (a client themself, a relative or an attorney) is never made in User Management: it comes from an invitation
 * on the client's record (docs/features/family-portal.md), so the staff forms offer STAFF_ROLES only.
 */
export const ROLES = ['admin', 'coordinator', 'carer', 'auditor', 'family'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ['admin', 'coordinator', 'carer', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const DEFAULT_ROLE: StaffRole = 'carer';
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  coordinator: 'Coordinator',
  carer: 'Carer',
  auditor: 'Auditor',
  family: 'Family',
};
/** A list sorted on the server (the whole list, before paging): by which column, and which way. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export interface ListOrder<S extends string> {
  readonly sort: S;
  readonly direction: SortDirection;
}

/** What GET /api/users sorts by (User Management's column headers): the whole list on the server. */
export const USER_SORTS = ['name', 'email', 'role', 'status', 'lastSignIn'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Clients; the client form defaults the care level to low. */
export const CARE_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type CareLevel = (typeof CARE_LEVELS)[number];
export const MOBILITY_LEVELS = ['independent', 'assisted', 'wheelchair', 'bedbound'] as const;
export const COGNITIVE_LEVELS = ['normal', 'mild', 'moderate', 'severe'] as const;

/** Training. */
export const TRAINING_TYPES = [
  'cpr',
  'first_aid',
  'medication',
  'safeguarding',
  'manual_handling',
  'food_safety',
  'infection_control',
  'dementia_care',
  'mental_health',
  'other',
] as const;
export type TrainingType = (typeof TRAINING_TYPES)[number];
export const TRAINING_STATUSES = ['current', 'expiring_soon', 'expired', 'pending'] as const;
export type TrainingStatus = (typeof TRAINING_STATUSES)[number];
/**
 * The 8 required training types of the compliance figure ("current records / 8"): the
 * mandatory training of UK home care. Mental health is specialist training (as the carer specialization of the
 * same name) and "other" is anything else: both are recorded and listed, but neither counts towards compliance.
 */
export const REQUIRED_TRAINING_TYPES = [
  'cpr',
  'first_aid',
  'medication',
  'safeguarding',
  'manual_handling',
  'food_safety',
  'infection_control',
  'dementia_care',
] as const satisfies readonly TrainingType[];
/** Training compliance = required types with a current record / 8; expiring soon = within 30 days. */
export const REQUIRED_TRAINING_COUNT = REQUIRED_TRAINING_TYPES.length;
export const EXPIRING_SOON_DAYS = 30;

/** Diary: the form defaults to care_note and normal. */
export const DIARY_ENTRY_TYPES = ['care_note', 'incident', 'medication', 'observation', 'communication'] as const;
export type DiaryEntryType = (typeof DIARY_ENTRY_TYPES)[number];
export const DIARY_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type DiaryPriority = (typeof DIARY_PRIORITIES)[number];

/** Feedback widget. */
export const FEEDBACK_TYPES = ['suggestion', 'bug', 'positive', 'improvement', 'general'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const FEEDBACK_CATEGORIES = [
  'general',
  'scheduling',
  'care-plans',
  'finance',
  'medications',
  'incidents',
  'diary',
  'navigation',
  'performance',
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_STATUSES = ['open', 'in_review', 'planned', 'resolved', 'closed'] as const;
/** What GET /api/feedback sorts by (the Feedback tab's column headers): the whole list on the server. */
export const FEEDBACK_SORTS = ['date', 'from', 'status'] as const;
export type FeedbackSort = (typeof FEEDBACK_SORTS)[number];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/**
 * Visits. An appointment and its visit are one record: scheduled, then checked in (in_progress) and
 * out (completed); or cancelled, no_show (marked by a coordinator) or missed (raised by the timeliness policy
 * when its end passed without a check-in).
 */
export const VISIT_TYPES = ['personal_care', 'medication', 'companionship', 'domestic', 'transport'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
export const APPOINTMENT_STATUSES = [
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
  'missed',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type AppointmentPriority = (typeof APPOINTMENT_PRIORITIES)[number];
/** Where a check-in or check-out was recorded (the monitoring table's "Source" column). */
export const CHECK_IN_SOURCES = ['Mobile', 'Computer', 'Manual'] as const;
export type CheckInSource = (typeof CHECK_IN_SOURCES)[number];
export const CLIENT_MOODS = ['happy', 'content', 'neutral', 'anxious', 'low', 'agitated', 'distressed'] as const;
export type ClientMood = (typeof CLIENT_MOODS)[number];
/** A check-in more than this many minutes after the scheduled start is a late arrival. */
export const LATE_ARRIVAL_MINUTES = 15;
export const MAX_VISIT_MINUTES = 720;
/** Days of the week as ISO numbers (1 = Monday … 7 = Sunday) for recurring visits. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Shifts (the `rotas` schema): status confirmed, pending or cancelled; break 30 minutes by default. */
export const SHIFT_TYPES = ['morning', 'afternoon', 'evening', 'night', 'full_day', 'sleep_in'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];
export const SHIFT_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];
export const DEFAULT_SHIFT_BREAK_MINUTES = 30;

/** Alerts. */
export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
/** active: nobody has acknowledged it yet (the bell counts these); acknowledged: someone is on it; resolved. */
export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** The kinds of record an alert can be about; later slices (medications, incidents, care plans, finance) add theirs. */
/** The alert rule name of an emergency (AlertRaised.rule); here, not beside its event, so the UI's banner needs no schema. */
export const EMERGENCY_RULE = 'emergency';
export const ALERT_RELATED_KINDS = [
  'appointment',
  'training',
  'carer',
  'client',
  'diary_entry',
  'carer_day',
  'emergency',
  'offline_record',
  'care_plan',
  'incident',
  'prescription',
  'invoice',
  'contract',
  'payroll',
] as const;
export type AlertRelatedKind = (typeof ALERT_RELATED_KINDS)[number];

/** To-do tasks: priority defaults to medium, status to pending. */
export const TASK_TYPES = ['follow_up', 'call', 'visit', 'review', 'paperwork', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** The dashboard's Task Categories. */
export const TASK_CATEGORIES = ['care', 'medication', 'staffing', 'training', 'administration'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'medium';
export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Incidents, as Incident Management records them. */
export const INCIDENT_TYPES = ['accident', 'medication_error', 'behavioral', 'safeguarding'] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];
/** Lowest first: escalating moves up this list. */
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
/** The only path: reported → investigating → resolved → closed; resolved or closed reopen to investigating. */
export const INCIDENT_STATUSES = ['reported', 'investigating', 'resolved', 'closed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** Open: neither resolved nor closed. */
export const OPEN_INCIDENT_STATUSES = ['reported', 'investigating'] as const satisfies readonly IncidentStatus[];
/** Statutory duties an incident can carry (CQC Regulation 18 notification, RIDDOR 2013, duty of candour Regulation 20). */
export const INCIDENT_DUTIES = ['cqc_notification', 'riddor', 'duty_of_candour'] as const;
export type IncidentDuty = (typeof INCIDENT_DUTIES)[number];
/** Why a duty applies, per duty. */
export const INCIDENT_DUTY_REASONS = {
  cqc_notification: ['death', 'serious_injury', 'abuse_or_allegation', 'police_involvement'],
  riddor: ['specified_injury', 'over_seven_day_injury', 'dangerous_occurrence', 'occupational_disease'],
  duty_of_candour: ['death', 'severe_harm', 'moderate_harm', 'prolonged_psychological_harm'],
} as const satisfies Record<IncidentDuty, readonly [string, ...string[]]>;
export type IncidentDutyReason = (typeof INCIDENT_DUTY_REASONS)[IncidentDuty][number];
export const ALL_INCIDENT_DUTY_REASONS = [
  ...new Set(Object.values(INCIDENT_DUTY_REASONS).flat()),
] as unknown as readonly [IncidentDutyReason, ...IncidentDutyReason[]];
/** The steps that fulfil each duty: CQC and RIDDOR are sent once; duty of candour needs the apology and the written notice. */
export const INCIDENT_DUTY_STEPS = {
  cqc_notification: ['notification_sent'],
  riddor: ['report_sent'],
  duty_of_candour: ['apology_given', 'written_notice_sent'],
} as const satisfies Record<IncidentDuty, readonly [string, ...string[]]>;
export type IncidentDutyStep = (typeof INCIDENT_DUTY_STEPS)[IncidentDuty][number];
export const ALL_INCIDENT_DUTY_STEPS = [
  'notification_sent',
  'report_sent',
  'apology_given',
  'written_notice_sent',
] as const satisfies readonly IncidentDutyStep[];
