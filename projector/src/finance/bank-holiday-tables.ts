/** The administrators' changes to the built-in bank holidays, in log order; the read API folds them over the built-in list. */
export interface FinanceBankHolidayChangesTable {
  event_id: string;
  /** The change's place in the log: changes to one date apply in this order. */
  seq: number;
  date: string;
  change: 'added' | 'removed';
  /** The holiday's name (added) or why the day is not one (removed). */
  text: string;
}

export interface BankHolidayTables {
  finance_bank_holiday_changes: FinanceBankHolidayChangesTable;
}
