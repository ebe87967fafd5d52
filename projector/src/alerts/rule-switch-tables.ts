import type { ColumnType } from 'kysely';

/**
 * One row per alert rule an administrator ever switched: whether it is on now, who switched it last, when and why.
 * A rule without a row has never been switched and is on. The revision is the switches stream's (If-Match).
 */
export interface AlertRuleSwitchesTable {
  rule: string;
  on: boolean;
  changed_by: string;
  changed_at: ColumnType<Date, string, string>;
  reason: string;
  revision: ColumnType<string, string | bigint, string | bigint>;
}

export interface AlertRuleSwitchTables {
  alert_rule_switches: AlertRuleSwitchesTable;
}
