import type { ColumnType } from 'kysely';
import type { AccessLogEntryType, AlertAudience, NotificationChoices, Role } from '@care/events';
import type { AlertTables } from '../alerts/alert-tables';
import type { AlertRuleSwitchTables } from '../alerts/rule-switch-tables';
import type { AuditTables } from '../audit/audit-tables';
import type { AppointmentTables } from '../appointments/appointment-tables';
import type { CarePlanTables } from '../care-plans/care-plan-tables';
import type { ClientTables } from '../clients/client-tables';
import type { DiaryTables } from '../diary/diary-tables';
import type { FamilyTables } from '../family/family-access-tables';
import type { FamilyConcernTables } from '../family/family-concerns-tables';
import type { FeedbackTables } from '../feedback/feedback-tables';
import type { FinanceTables } from '../finance/finance-tables';
import type { ContractTables } from '../finance/contract-tables';
import type { PayrollTables } from '../finance/payroll-tables';
import type { BankHolidayTables } from '../finance/bank-holiday-tables';
import type { TaskTables } from '../tasks/task-tables';
import type { IncidentTables } from '../incidents/incident-tables';
import type { MedicationTables } from '../medications/medication-tables';
import type { SettingsTables } from '../settings/settings-tables';
import type { ShiftTables } from '../shifts/shift-tables';
import type { TrainingTables } from '../training/training-tables';
import type { LeaveTables } from '../leave/leave-tables';
import type { WorkingPatternTables } from '../availability/working-pattern-tables';
import type { VoiceNoteTables } from '../voice-notes/voice-note-tables';
import type { ReportTables } from '../reports/report-tables';
import type { ReportScheduleTables } from '../reports/report-schedule-tables';
import type { ProjectionDeadLettersTable, ProjectionStatusTable } from '../runner/status-table-types';

/** The read-model tables, owned by the projector and queried by the read API. */
export interface CarersTable {
  id: string;
  /** The account that signs in as this carer (CarerRegistered, CarerAccountLinked), or null. */
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  region: string | null;
  employee_id: string;
  specialization: string | null;
  qualifications: ColumnType<string[], string, string>;
  phone_number: string | null;
  emergency_contact: string | null;
  emergency_phone: string | null;
  address: string | null;
  date_of_birth: string | null;
  start_date: string;
  hourly_rate_pence: number | null;
  max_clients_per_day: number;
  is_active: boolean;
  notes: string | null;
  /** car, walking or public_transport (TRAVEL_MODES); car for a carer registered before it was recorded. */
  travel_mode: ColumnType<string, string | undefined, string>;
  /** Stream revision, for If-Match on the next edit. */
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/** User accounts (admin User Management, the shell's current user). No credentials here. */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  region: string | null;
  profile_image_url: string | null;
  is_active: boolean;
  last_sign_in_at: ColumnType<Date | null, string | null, string | null>;
  /** The user's own notification choices (/settings); null until they first save them (then the defaults apply). */
  notification_choices: ColumnType<NotificationChoices | null, string | null | undefined, string | null>;
  /** The alert audiences the user's bell follows (/settings); null until they first choose (then every one they read). */
  alert_audiences: ColumnType<AlertAudience[] | null, AlertAudience[] | null | undefined, AlertAudience[] | null>;
  revision: ColumnType<string, string | bigint, string | bigint>;
  created_at: ColumnType<Date, string, string>;
  updated_at: ColumnType<Date, string, string>;
}

/** One row per sign-in, refused sign-in, lockout, sign-out, reset request or reset link (admin Security tab). */
export interface AccessLogTable {
  event_id: string;
  type: AccessLogEntryType;
  user_id: string | null;
  email: string | null;
  reason: string | null;
  ip_address: string | null;
  user_agent: string | null;
  occurred_at: ColumnType<Date, string, string>;
}

/** Every read-model table: the ones above and each feature slice's own. */
export interface ReadModelDatabase
  extends ClientTables,
    ReportTables,
    ReportScheduleTables,
    TrainingTables,
    LeaveTables,
    WorkingPatternTables,
    DiaryTables,
    VoiceNoteTables,
    FeedbackTables,
    FinanceTables,
    ContractTables,
    PayrollTables,
    BankHolidayTables,
    AppointmentTables,
    ShiftTables,
    AlertTables,
    AlertRuleSwitchTables,
    TaskTables,
    AuditTables,
    CarePlanTables,
    IncidentTables,
    MedicationTables,
    FamilyTables,
    FamilyConcernTables,
    SettingsTables {
  carers: CarersTable;
  users: UsersTable;
  access_log: AccessLogTable;
  projection_status: ProjectionStatusTable;
  projection_dead_letters: ProjectionDeadLettersTable;
}

/** The live read model. A projection's rebuild fills a schema of its own and moves its tables in. */
export const READ_MODEL_SCHEMA = 'read_model';
export const READ_MODEL_CHANGED_CHANNEL = 'read_model_changed';
