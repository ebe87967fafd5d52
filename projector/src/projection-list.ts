import type { Projection } from './projection';
import { appointmentsProjection } from './appointments/appointment-projection';
import { carersProjection } from './carers/carers-projection';
import { clientsProjection } from './clients/client-projection';
import { diaryProjection } from './diary/diary-projection';
import { feedbackProjection } from './feedback/feedback-projection';
import { financeProjection } from './finance/finance-projection';
import { contractsProjection } from './finance/contract-projection';
import { payrollProjection } from './finance/payroll-projection';
import { bankHolidaysProjection } from './finance/bank-holiday-projection';
import { shiftsProjection } from './shifts/shift-projection';
import { trainingProjection } from './training/training-projection';
import { leaveProjection } from './leave/leave-projection';
import { workingPatternsProjection } from './availability/working-pattern-projection';
import { voiceNotesProjection } from './voice-notes/voice-note-projection';
import { alertsProjection } from './alerts/alert-projection';
import { alertRuleSwitchesProjection } from './alerts/rule-switch-projection';
import { tasksProjection } from './tasks/task-projection';
import { reportsProjection } from './reports/report-projection';
import { reportSchedulesProjection } from './reports/report-schedule-projection';
import { settingsProjection } from './settings/settings-projection';
import { carePlansProjection } from './care-plans/care-plan-projection';
import { incidentsProjection } from './incidents/incident-projection';
import { medicationsProjection } from './medications/medication-projection';
import { accessLogProjection } from './users/access-log-projection';
import { usersProjection } from './users/users-projection';
import { auditProjection } from './audit/audit-projection';
import { familyAccessProjection } from './family/family-access-projection';
import { familyConcernsProjection } from './family/family-concerns-projection';

/**
 * Every projection the projector runs; new features add theirs here. The list lives apart from the `Projection` type
 * so that a projection importing the type does not, through this list, import every other projection. Names are
 * unique and never reused.
 */
export const projections: readonly Projection[] = [
  carersProjection,
  usersProjection,
  accessLogProjection,
  clientsProjection,
  trainingProjection,
  leaveProjection,
  workingPatternsProjection,
  diaryProjection,
  settingsProjection,
  voiceNotesProjection,
  feedbackProjection,
  appointmentsProjection,
  shiftsProjection,
  alertsProjection,
  alertRuleSwitchesProjection,
  tasksProjection,
  incidentsProjection,
  reportsProjection,
  reportSchedulesProjection,
  auditProjection,
  carePlansProjection,
  medicationsProjection,
  financeProjection,
  contractsProjection,
  payrollProjection,
  bankHolidaysProjection,
  familyAccessProjection,
  familyConcernsProjection,
];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
