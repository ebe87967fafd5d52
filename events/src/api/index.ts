/**
 * The reply schemas of the HTTP API (`@care/events/api`): what GET /api/openapi.json documents and what the tests
 * check replies against. Each `<slice>-view-schema.ts` sits beside the view type it describes and the type checker
 * keeps the two the same.
 */
export * from './common-replies';
export * from './same-type';
export * from '../carers/carer-view-schema';
export * from '../clients/client-view-schema';
export * from '../training/training-view-schema';
export * from '../leave/leave-view-schema';
export * from '../rota/carer-suggestion-view-schema';
export * from '../availability/working-pattern-view-schema';
export * from '../diary/diary-view-schema';
export * from '../diary/diary-views-schema';
export * from '../feedback/feedback-view-schema';
export * from '../finance/finance-view-schema';
export * from '../finance/contract-view-schema';
export * from '../finance/payroll-view-schema';
export * from '../users/user-view-schema';
export * from '../voice-notes/voice-note-view-schema';
export * from '../appointments/appointment-view-schema';
export * from '../projections/projection-status-view-schema';
export * from '../alerts/alert-view-schema';
export * from '../alerts/alert-rule-view';
export * from '../alerts/alert-group-view';
export * from '../tasks/task-view-schema';
export * from '../incidents/incident-view-schema';
export * from '../dashboard/dashboard-view-schema';
export * from '../emergencies/emergency-view-schema';
export * from '../search/search-view-schema';
export * from '../settings/settings-view-schema';
export * from '../status/system-status-view-schema';
export * from '../account/account-view-schema';
export * from '../reports/report-view-schema';
export * from '../audit/audit-view-schema';
export * from '../care-plans/care-plan-view-schema';
export * from '../medications/medication-view-schema';
export { retentionReviewViewSchema } from '../data-management/retention-review';
export { destructionApprovedReplySchema, destructionProposalsViewSchema } from '../destruction/destruction-view';
export * from '../offline-records/offline-record-view-schema';
