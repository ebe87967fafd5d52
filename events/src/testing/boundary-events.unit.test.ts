import { describe, expect, it } from 'vitest';
import { INT4_MAX } from '../limits';
import { registeredEventDefinitions } from '../registry';
import { CONTROL_CHARACTERS_MESSAGE, INVALID_UNICODE_MESSAGE } from '../safe-text';
import { boundaryEvents, boundarySamples, fieldBoundsOf, withValueAt, type FieldBounds } from './boundary-events';

/**
 * Where every number of every event lands in the read model, and that column's type (projector migrations). A
 * new number field fails the test below until it is listed here, with a maximum its column can hold. `jsonb`:
 * kept inside a JSON document (any finite number fits, but it still needs a bound).
 */
type ColumnType = 'integer' | 'bigint' | 'jsonb' | 'double precision' | 'numeric';
const NUMBER_COLUMNS: Record<string, { readonly column: string; readonly type: ColumnType }> = {
  'CarerRegistered.hourlyRatePence': { column: 'carers.hourly_rate_pence', type: 'integer' },
  'CarerDetailsChanged.changes.hourlyRatePence': { column: 'carers.hourly_rate_pence', type: 'integer' },
  'CarerRegistered.maxClientsPerDay': { column: 'carers.max_clients_per_day', type: 'integer' },
  'CarerDetailsChanged.changes.maxClientsPerDay': { column: 'carers.max_clients_per_day', type: 'integer' },
  'VoiceNoteRecorded.duration': { column: 'voice_notes.duration', type: 'integer' },
  'VoiceNoteRecorded.fileSize': { column: 'voice_notes.file_size', type: 'integer' },
  'FeedbackSubmitted.rating': { column: 'feedback.rating', type: 'integer' },
  'AppointmentScheduled.durationMinutes': { column: 'appointments.duration_minutes', type: 'integer' },
  'AppointmentRescheduled.durationMinutes': { column: 'appointments.duration_minutes', type: 'integer' },
  'VisitCheckedOut.travelTimeMinutes': { column: 'appointments.travel_time_minutes', type: 'integer' },
  'VisitAmended.changes.travelTimeMinutes': { column: 'appointments.travel_time_minutes', type: 'integer' },
  'VisitCheckedOut.mileageTenths': { column: 'appointments.mileage_tenths', type: 'integer' },
  'VisitAmended.changes.mileageTenths': { column: 'appointments.mileage_tenths', type: 'integer' },
  'VisitCheckedOut.expensesPence': { column: 'appointments.expenses_pence', type: 'integer' },
  'VisitCheckedOut.clientRating': { column: 'appointments.client_rating', type: 'integer' },
  'VisitAmended.changes.expensesPence': { column: 'appointments.expenses_pence', type: 'integer' },
  'ShiftPlanned.breakMinutes': { column: 'shifts.break_minutes', type: 'integer' },
  'ShiftChanged.changes.breakMinutes': { column: 'shifts.break_minutes', type: 'integer' },
  'AgencySettingsChanged.changes.recordRetentionYears': { column: 'agency_settings.settings', type: 'jsonb' },
  'AgencySettingsChanged.changes.logRetentionYears': { column: 'agency_settings.settings', type: 'jsonb' },
  'AgencySettingsChanged.changes.escalateCriticalMinutes': { column: 'agency_settings.settings', type: 'jsonb' },
  'AgencySettingsChanged.changes.escalateHighMinutes': { column: 'agency_settings.settings', type: 'jsonb' },
  'AlertEscalationSent.step': { column: 'alerts.escalations', type: 'jsonb' },
  'MedicationPrescribed.details.prn.minIntervalMinutes': { column: 'prescriptions.details', type: 'jsonb' },
  'MedicationPrescribed.details.prn.maxDosesIn24h': { column: 'prescriptions.details', type: 'jsonb' },
  'PrescriptionChanged.changes.prn.minIntervalMinutes': { column: 'prescriptions.details', type: 'jsonb' },
  'PrescriptionChanged.changes.prn.maxDosesIn24h': { column: 'prescriptions.details', type: 'jsonb' },
  'VisitCheckedIn.location.latitude': { column: 'appointments.check_in_location', type: 'jsonb' },
  'VisitCheckedIn.location.longitude': { column: 'appointments.check_in_location', type: 'jsonb' },
  'VisitCheckedIn.location.accuracy': { column: 'appointments.check_in_location', type: 'jsonb' },
  'VisitCheckedOut.location.latitude': { column: 'appointments.check_out_location', type: 'jsonb' },
  'VisitCheckedOut.location.longitude': { column: 'appointments.check_out_location', type: 'jsonb' },
  'VisitCheckedOut.location.accuracy': { column: 'appointments.check_out_location', type: 'jsonb' },
  'ClientVisitsInvoiced.charges.0.amountPence': { column: 'finance_invoices.lines', type: 'jsonb' },
  'FunderAdded.paymentTermsDays': { column: 'finance_funders.payment_terms_days', type: 'integer' },
  'FunderRateSet.weekdayHourlyPence': { column: 'finance_funder_rates.weekday_hourly_pence', type: 'integer' },
  'FunderRateSet.weekendHourlyPence': { column: 'finance_funder_rates.weekend_hourly_pence', type: 'integer' },
  'FunderRateSet.bankHolidayHourlyPence': { column: 'finance_funder_rates.bank_holiday_hourly_pence', type: 'integer' },
  'FunderRateSet.minimumChargePence': { column: 'finance_funder_rates.minimum_charge_pence', type: 'integer' },
  'FunderRateSet.billingIncrementMinutes': {
    column: 'finance_funder_rates.billing_increment_minutes',
    type: 'integer',
  },
  'FunderRateSet.mileagePencePerMile': { column: 'finance_funder_rates.mileage_pence_per_mile', type: 'integer' },
  'ClientFundingSet.shares.0.percent': { column: 'finance_client_funding.shares', type: 'jsonb' },
  'InvoiceNumberAssigned.year': { column: 'finance_invoices.number_year', type: 'integer' },
  'InvoiceNumberAssigned.sequence': { column: 'finance_invoices.number_sequence', type: 'integer' },
  'InvoiceIssued.sharePercent': { column: 'finance_invoices.share_percent', type: 'integer' },
  'InvoiceIssued.lines.0.minutes': { column: 'finance_invoices.lines', type: 'jsonb' },
  'InvoiceIssued.lines.0.hourlyRatePence': { column: 'finance_invoices.lines', type: 'jsonb' },
  'InvoiceIssued.lines.0.amountPence': { column: 'finance_invoices.lines', type: 'jsonb' },
  'InvoiceIssued.totalPence': { column: 'finance_invoices.total_pence', type: 'bigint' },
  'InvoiceDraftEdited.charges.0.amountPence': { column: 'finance_invoices.lines', type: 'jsonb' },
  'InvoiceDraftEdited.totalPence': { column: 'finance_invoices.total_pence', type: 'bigint' },
  'ContractCreated.valuePence': { column: 'finance_contracts.value_pence', type: 'bigint' },
  'ContractRenewed.valuePence': { column: 'finance_contracts.value_pence', type: 'bigint' },
  'ExchangeRatesSet.rates.USD': { column: 'finance_exchange_rates.usd_micros', type: 'integer' },
  'ExchangeRatesSet.rates.EUR': { column: 'finance_exchange_rates.eur_micros', type: 'integer' },
  'ExchangeRatesSet.rates.CAD': { column: 'finance_exchange_rates.cad_micros', type: 'integer' },
  'ExchangeRatesSet.rates.AUD': { column: 'finance_exchange_rates.aud_micros', type: 'integer' },
  'InvoicePaymentRecorded.amountPence': { column: 'finance_invoice_payments.amount_pence', type: 'bigint' },
  'CreditNoteIssued.amountPence': { column: 'finance_credit_notes.amount_pence', type: 'bigint' },
  'ScheduledReportGenerated.sizeBytes': { column: 'report_runs.size_bytes', type: 'integer' },
  'CarePlanUpdated.version': { column: 'care_plans.version', type: 'integer' },
  'CarePlanAgreed.version': { column: 'care_plan_versions.version', type: 'integer' },
  'CarePlanReviewRecorded.version': { column: 'care_plan_reviews.version', type: 'integer' },
  // Payroll: worked_minutes (regular + overtime, each at most 100,000) and deductions_pence (three amounts of at
  // most £100,000) are sums that stay far inside an integer; the figures themselves are kept whole in jsonb.
  'PayrollPolicySet.mileagePencePerMile': { column: 'finance_payroll_policy.mileage_pence_per_mile', type: 'integer' },
  'PayrollPolicySet.taxPercent': { column: 'finance_payroll_policy.tax_percent', type: 'integer' },
  'PayrollPolicySet.nationalInsurancePercent': {
    column: 'finance_payroll_policy.national_insurance_percent',
    type: 'integer',
  },
  'PayrollPolicySet.pensionPercent': { column: 'finance_payroll_policy.pension_percent', type: 'integer' },
  'PayrollPolicySet.contractedHoursPerWeek': {
    column: 'finance_payroll_policy.contracted_hours_per_week',
    type: 'integer',
  },
  'LivingWageRateSet.hourlyPence': { column: 'finance_living_wage.hourly_pence', type: 'integer' },
  'PayslipIssued.visitCount': { column: 'finance_payslips.visit_count', type: 'integer' },
  'PayslipIssued.overtimeMinutes': { column: 'finance_payslips.overtime_minutes', type: 'integer' },
  'PayslipIssued.mileagePence': { column: 'finance_payslips.mileage_pence', type: 'integer' },
  'PayslipIssued.grossPence': { column: 'finance_payslips.gross_pence', type: 'integer' },
  'PayslipIssued.netPence': { column: 'finance_payslips.net_pence', type: 'integer' },
  'PayslipIssued.hourlyRatePence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.visitMinutes': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.travelMinutes': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.regularMinutes': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.regularPayPence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.overtimePayPence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.travelPayPence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.mileageTenths': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.taxPence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.nationalInsurancePence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.pensionPence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.workingMinutes': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.holidayAccruedMinutes': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.livingWageHourlyPence': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.mileagePencePerMile': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.taxPercent': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.nationalInsurancePercent': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.pensionPercent': { column: 'finance_payslips.figures', type: 'jsonb' },
  'PayslipIssued.estimatedTravelMinutes': { column: 'finance_payslips.figures', type: 'jsonb' },
  'ClientRegistered.latitude': { column: 'clients.latitude', type: 'double precision' },
  'ClientRegistered.longitude': { column: 'clients.longitude', type: 'double precision' },
  'ClientDetailsChanged.changes.latitude': { column: 'clients.latitude', type: 'double precision' },
  'ClientDetailsChanged.changes.longitude': { column: 'clients.longitude', type: 'double precision' },
  'WorkingPatternSet.contractedHoursPerWeek': {
    column: 'carer_working_patterns.contracted_hours_per_week',
    type: 'numeric',
  },
  'WorkingPatternSet.weeklyHoursLimit': { column: 'carer_working_patterns.weekly_hours_limit', type: 'numeric' },
};
/**
 * Numbers no projection stores, so no column can overflow: an emergency's location goes into the text of the
 * critical alert it raises (the command reads it from the request, the alert carries it in words).
 */
// An import's counts live in the log (who imported what, when), like an export: no read-model column yet.
const NOT_PROJECTED = new Set([
  'EmergencyRaised.location.latitude',
  'EmergencyRaised.location.longitude',
  'EmergencyRaised.location.accuracy',
  'DataImported.rows',
  'DataImported.created',
  'DataImported.skipped',
  // Kept in the log and the office's alert text only: no read model holds an unapplied offline record.
  'OfflineRecordUnapplied.status',
  // The destruction proposals and certificates are read from the log itself (GET /api/destruction/proposals).
  'DestructionProposed.retentionRule.years',
  'RecordsDestroyed.retentionRule.years',
  'RecordsDestroyed.eventsRewritten',
]);
const CAPACITY: Record<ColumnType, { min: number; max: number }> = {
  integer: { min: -INT4_MAX - 1, max: INT4_MAX },
  // A JavaScript number is exact up to 2^53 - 1, below int8's limit.
  bigint: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  jsonb: { min: -Number.MAX_VALUE, max: Number.MAX_VALUE },
  // Fractional columns: any finite number fits (numeric exactly, double precision to 15 digits).
  'double precision': { min: -Number.MAX_VALUE, max: Number.MAX_VALUE },
  numeric: { min: -Number.MAX_VALUE, max: Number.MAX_VALUE },
};

const fieldsOfEveryEvent = registeredEventDefinitions.flatMap((definition) =>
  fieldBoundsOf(definition.schema).map((field) => ({
    definition,
    field,
    name: `${definition.type}.${field.path.join('.')}`,
  })),
);
const ofKind = (kinds: readonly FieldBounds['kind'][]) =>
  fieldsOfEveryEvent.filter(({ field }) => kinds.includes(field.kind));
const isFreeText = (field: FieldBounds) => field.kind === 'string' && !field.enumeration && !field.format;

describe('boundary samples of every registered event', () => {
  it('cover every event type, each at its maximum and minimum, and every sample passes its own schema unchanged', () => {
    const samples = boundaryEvents();
    expect(new Set(samples.map((sample) => sample.type)).size).toBe(registeredEventDefinitions.length);
    expect(samples).toHaveLength(registeredEventDefinitions.length * 2);
    for (const sample of samples) {
      const definition = registeredEventDefinitions.find((candidate) => candidate.type === sample.type)!;
      const parsed = definition.schema.safeParse(sample.data);
      expect(parsed.error?.issues, `${sample.type} (${sample.bound})`).toBeUndefined();
      expect(parsed.data, `${sample.type} (${sample.bound})`).toEqual(sample.data);
    }
  });

  it('put every number at its declared maximum in the max sample and its minimum in the min sample', () => {
    for (const { definition, field, name } of ofKind(['integer', 'number'])) {
      const [max, min] = boundarySamples(definition);
      expect(pathValue(max!.data, field.path), name).toBe(field.maximum);
      // Optional or nullable numbers are left out or null at the minimum; required ones sit on it.
      const low = pathValue(min!.data, field.path);
      if (low !== undefined && low !== null) expect(low, name).toBe(field.minimum);
    }
  });

  it('make free texts exactly as long as their schema allows, with multi-byte characters, tabs and newlines', () => {
    for (const { definition, field, name } of ofKind(['string']).filter(
      ({ field }) => isFreeText(field) && !field.pattern,
    )) {
      const [max] = boundarySamples(definition);
      const value = pathValue(max!.data, field.path);
      expect(typeof value, name).toBe('string');
      expect((value as string).length, name).toBe(field.maxLength);
    }
  });
});

describe('every registered event schema', () => {
  it('bounds every number to what its read-model column holds', () => {
    const numbers = ofKind(['integer', 'number']);
    expect(numbers.length).toBeGreaterThan(0);
    for (const { field, name } of numbers.filter(({ name }) => !NOT_PROJECTED.has(name))) {
      const target = NUMBER_COLUMNS[name];
      expect(target, `${name} lands in no listed read-model column: add it to NUMBER_COLUMNS`).toBeDefined();
      const capacity = CAPACITY[target!.type];
      expect(field.maximum, `${name} has no maximum`).toBeDefined();
      expect(field.minimum, `${name} has no minimum`).toBeDefined();
      // zod gives every .int() the safe-integer range: that is "no bound" for a field.
      expect(Math.abs(field.maximum!), `${name} is unbounded`).toBeLessThan(Number.MAX_SAFE_INTEGER);
      expect(field.maximum!, `${name} exceeds ${target!.column} (${target!.type})`).toBeLessThanOrEqual(capacity.max);
      expect(field.minimum!, `${name} is below ${target!.column} (${target!.type})`).toBeGreaterThanOrEqual(
        capacity.min,
      );
      if (target!.type === 'integer' || target!.type === 'bigint')
        expect(field.kind, `${name} goes into an integer column`).toBe('integer');
    }
  });

  it('lists only number fields that exist (the column map is not stale)', () => {
    const names = new Set(ofKind(['integer', 'number']).map(({ name }) => name));
    expect(Object.keys(NUMBER_COLUMNS).filter((name) => !names.has(name))).toEqual([]);
  });

  it('bounds every free text and every list', () => {
    const unbounded = fieldsOfEveryEvent
      .filter(
        ({ field }) =>
          (isFreeText(field) && field.maxLength === undefined) ||
          (field.kind === 'list' && field.maxItems === undefined),
      )
      .map(({ name }) => name);
    expect(unbounded).toEqual([]);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['carriage return', 'a\rb'],
    ['next line (C1)', 'a\u0085b'],
    ['lone surrogate', 'a\uD800b'],
  ])('refuses a %s in every text field', (_label, bad) => {
    const texts = ofKind(['string']);
    expect(texts.length).toBeGreaterThan(50);
    for (const { definition, field, name } of texts) {
      const [max] = boundarySamples(definition);
      const parsed = definition.schema.safeParse(withValueAt(max!.data, field.path, bad));
      expect(parsed.success, `${name} accepted ${JSON.stringify(bad)}`).toBe(false);
      const atField = parsed.error!.issues.filter((issue) => issue.path.join('.') === field.path.join('.'));
      expect(atField.length, name).toBeGreaterThan(0);
      if (isFreeText(field) && !field.pattern) {
        expect(
          atField.map((issue) => issue.message),
          name,
        ).toContain(bad === 'a\uD800b' ? INVALID_UNICODE_MESSAGE : CONTROL_CHARACTERS_MESSAGE);
      }
    }
  });

  it('keeps newline and tab in every free text', () => {
    for (const { definition, field, name } of ofKind(['string']).filter(
      ({ field }) => isFreeText(field) && !field.pattern,
    )) {
      const [max] = boundarySamples(definition);
      const parsed = definition.schema.safeParse(withValueAt(max!.data, field.path, 'line one\n\tline two'));
      expect(parsed.success, name).toBe(true);
    }
  });
});

function pathValue(data: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (value === null || value === undefined ? value : (value as Record<string | number, unknown>)[key]),
    data,
  );
}
