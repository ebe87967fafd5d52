export { createCommandApp } from './app';

// What the rules process (`@care/rules`) decides with: it appends through the same services as the HTTP routes,
// so its events pass the same checks, and it reads the agency's settings and queues mail as the command side does.
export type { CommandContext } from './shared/actor';
export type { CommandDeps } from './shared/command-deps';
export { AlertService, type OpenedAlert } from './alerts/alert-service';
export { DomainError } from './shared/domain-error';
export { DEFAULT_PUBLIC_URL } from './auth/auth-env';
export { alertIdFor } from './alerts/alert-id';
export { AppointmentService } from './appointments/appointment-service';
export { londonDateOf } from './appointments/london-texts';
export { ReportScheduleService } from './reports/report-schedule-service';
export { FinanceService } from './finance/finance-service';
export { PayrollService } from './finance/payroll-service';
// The pure payroll decision: the demo data's test runs it on the demo's own carers and visits.
export {
  decideProcessPayroll,
  initialPeriodsState,
  initialPolicyState,
  type CarerToPay,
} from './finance/payroll-decide';
export { agencySettings } from './settings/settings-state';
export {
  enqueueMail,
  ensureMailSchema,
  fromStoredAttachment,
  MAIL_NOTIFY_CHANNEL,
  MAIL_SCHEMA,
  storedAttachmentSchema,
  type DocumentAttachment,
  type MailAttachment,
  type MailDocument,
  type NewMail,
  type QueuedAttachment,
  type StoredAttachment,
} from './mail/outbox';
