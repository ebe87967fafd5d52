import { sql, type Kysely, type Selectable } from 'kysely';
import {
  contractStatus,
  londonToday,
  type ContractStatus,
  type ContractView,
  type ExchangeRatesReply,
  type ExchangeRatesView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';

type ContractRow = Selectable<ReadModelDatabase['finance_contracts']> & {
  client_first_name: string | null;
  client_last_name: string | null;
};

const dateOf = (value: string | Date): string => (typeof value === 'string' ? value : value.toISOString().slice(0, 10));
const DAY_MS = 86_400_000;
const daysFrom = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function toContractView(row: ContractRow, today: string): ContractView {
  const startDate = dateOf(row.start_date);
  const endDate = dateOf(row.end_date);
  const renewalDate = dateOf(row.renewal_date);
  return {
    id: row.id,
    contractNumber: row.contract_number,
    clientId: row.client_id,
    clientName: row.client_first_name === null ? null : `${row.client_first_name} ${row.client_last_name ?? ''}`.trim(),
    startDate,
    endDate,
    valuePence: Number(row.value_pence),
    services: row.services,
    renewalDate,
    status: contractStatus({ startDate, endDate }, today),
    daysToRenewal: daysFrom(today, renewalDate),
    createdAt: row.created_at.toISOString(),
  };
}

/** Contracts and exchange rates from the finance_contracts projection. */
export class ContractQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private contracts() {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('finance_contracts')
      .leftJoin('clients', 'clients.id', 'finance_contracts.client_id')
      .selectAll('finance_contracts')
      .select(['clients.first_name as client_first_name', 'clients.last_name as client_last_name']);
  }

  /** One page: the soonest to end first among those still running, expired ones after (the register's order). */
  async listContracts(
    filter: { status?: ContractStatus | undefined; clientId?: string | undefined },
    page: Page,
    today = londonToday(),
  ) {
    let query = this.contracts();
    if (filter.clientId !== undefined) query = query.where('finance_contracts.client_id', '=', filter.clientId);
    if (filter.status === 'expired') query = query.where('finance_contracts.end_date', '<', today);
    if (filter.status === 'upcoming') query = query.where('finance_contracts.start_date', '>', today);
    if (filter.status === 'active')
      query = query.where('finance_contracts.start_date', '<=', today).where('finance_contracts.end_date', '>=', today);
    const ordered = query
      .orderBy(sql`finance_contracts.end_date < ${today}`)
      .orderBy('finance_contracts.end_date')
      .orderBy('finance_contracts.contract_number')
      .orderBy('finance_contracts.id');
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    return { rows: rows.map((row) => toContractView(row, today)), total };
  }

  async contract(id: string, today = londonToday()): Promise<ContractView | null> {
    const row = await this.contracts().where('finance_contracts.id', '=', id).executeTakeFirst();
    return row ? toContractView(row, today) : null;
  }

  /** Every contract, for the contracts register report (a register is small: one row per client agreement). */
  async allContracts(today = londonToday()): Promise<ContractView[]> {
    const rows = await this.contracts()
      .orderBy('finance_contracts.contract_number')
      .orderBy('finance_contracts.id')
      .execute();
    return rows.map((row) => toContractView(row, today));
  }

  async exchangeRates(today = londonToday()): Promise<ExchangeRatesReply> {
    const rows = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('finance_exchange_rates')
      .leftJoin('users', (join) => join.on(sql<boolean>`users.id::text = finance_exchange_rates.set_by`))
      .selectAll('finance_exchange_rates')
      .select(['users.first_name', 'users.last_name'])
      .orderBy('finance_exchange_rates.effective_on', 'desc')
      .orderBy('finance_exchange_rates.set_at', 'desc')
      .limit(100)
      .execute();
    const history: ExchangeRatesView[] = rows.map((row) => ({
      effectiveOn: dateOf(row.effective_on),
      rates: { USD: row.usd_micros, EUR: row.eur_micros, CAD: row.cad_micros, AUD: row.aud_micros },
      setAt: row.set_at.toISOString(),
      setByName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    }));
    return { current: history.find((entry) => entry.effectiveOn <= today) ?? null, history };
  }
}
