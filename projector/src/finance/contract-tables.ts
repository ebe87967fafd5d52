import type { ColumnType } from 'kysely';

type Pence = ColumnType<string, number, number>;
type Day = ColumnType<string, string, string>;

export interface FinanceContractsTable {
  id: string;
  contract_number: string;
  client_id: string;
  start_date: Day;
  end_date: Day;
  value_pence: Pence;
  services: ColumnType<string[], string, string>;
  renewal_date: Day;
  created_at: ColumnType<Date, string, string>;
}

/** One row per ExchangeRatesSet (the history); the rates in force are the newest on or before today. */
export interface FinanceExchangeRatesTable {
  /** When it was set: of two settings for the same date, the later one is in force. */
  set_at: ColumnType<Date, string, string>;
  effective_on: Day;
  usd_micros: number;
  eur_micros: number;
  cad_micros: number;
  aud_micros: number;
  set_by: string;
  event_id: string;
}

export interface ContractTables {
  finance_contracts: FinanceContractsTable;
  finance_exchange_rates: FinanceExchangeRatesTable;
}
