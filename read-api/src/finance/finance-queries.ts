import { sql, type Kysely, type Selectable } from 'kysely';
import {
  bankHolidaysFrom,
  invoiceStatus,
  londonToday,
  outstandingPence,
  type BankHoliday,
  type BankHolidayEvent,
  type ClientFundingView,
  type FinanceOverviewView,
  type FunderView,
  type InvoiceDetailView,
  type InvoiceStatus,
  type InvoiceView,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import { countOf, pageOf, type Page } from '../shared/paging';
import { payrollCostByMonth } from './payroll-queries';

type InvoiceRow = Selectable<ReadModelDatabase['finance_invoices']> & {
  client_first_name: string | null;
  client_last_name: string | null;
  funder_name: string | null;
};

/** Pence from a BIGINT column (pg gives a string): every sum is far below 2^53, so a number is exact. */
const toPence = (value: string | number | null | undefined): number => Number(value ?? 0);
const dateOf = (value: string | Date): string => (typeof value === 'string' ? value : value.toISOString().slice(0, 10));

function toInvoiceView(row: InvoiceRow, today: string): InvoiceView {
  const balance = {
    totalPence: toPence(row.total_pence),
    paidPence: toPence(row.paid_pence),
    creditedPence: toPence(row.credited_pence),
    sent: row.sent_at !== null,
    dueOn: dateOf(row.due_on),
  };
  return {
    id: row.id,
    number: row.number,
    clientId: row.client_id,
    clientName: row.client_first_name === null ? null : `${row.client_first_name} ${row.client_last_name ?? ''}`.trim(),
    funderId: row.funder_id,
    funderName: row.funder_name,
    sharePercent: row.share_percent,
    periodStart: dateOf(row.period_start),
    periodEnd: dateOf(row.period_end),
    issuedOn: dateOf(row.issued_on),
    dueOn: balance.dueOn,
    totalPence: balance.totalPence,
    paidPence: balance.paidPence,
    creditedPence: balance.creditedPence,
    outstandingPence: outstandingPence(balance),
    status: invoiceStatus(balance, today),
    sentAt: row.sent_at === null ? null : row.sent_at.toISOString(),
    sentTo: row.sent_to,
    purchaseOrder: row.purchase_order,
    notes: row.notes,
    revision: String(row.revision),
    lines: row.lines,
  };
}

const percentOneDecimal = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part * 1000) / whole) / 10;

export class FinanceQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private invoices() {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('finance_invoices')
      .leftJoin('clients', 'clients.id', 'finance_invoices.client_id')
      .leftJoin('finance_funders', 'finance_funders.funder_id', 'finance_invoices.funder_id')
      .selectAll('finance_invoices')
      .select([
        'clients.first_name as client_first_name',
        'clients.last_name as client_last_name',
        'finance_funders.name as funder_name',
      ]);
  }

  /**
   * One page of invoices, newest first. The status filter is a condition on the stored totals and today's date
   * (the same rule as invoiceStatus), so paging stays on the server.
   */
  async listInvoices(
    filter: { status?: InvoiceStatus | 'unpaid' | undefined; clientId?: string | undefined },
    page: Page,
    today = londonToday(),
  ) {
    let query = this.invoices();
    if (filter.clientId !== undefined) query = query.where('finance_invoices.client_id', '=', filter.clientId);
    const owed = sql<boolean>`finance_invoices.total_pence - finance_invoices.paid_pence - finance_invoices.credited_pence > 0`;
    if (filter.status === 'paid') query = query.where(sql<boolean>`NOT (${owed})`);
    if (filter.status === 'unpaid') query = query.where(owed);
    if (filter.status === 'overdue') query = query.where(owed).where('finance_invoices.due_on', '<', today);
    if (filter.status === 'pending' || filter.status === 'processing') {
      const started = sql<boolean>`(finance_invoices.sent_at IS NOT NULL OR finance_invoices.paid_pence > 0)`;
      query = query
        .where(owed)
        .where('finance_invoices.due_on', '>=', today)
        .where(filter.status === 'pending' ? sql<boolean>`NOT ${started}` : started);
    }
    // What is owed reads oldest due first (the most overdue on top); every other list newest first.
    const ordered =
      filter.status === 'unpaid'
        ? query
            .orderBy('finance_invoices.due_on')
            .orderBy('finance_invoices.number_year')
            .orderBy('finance_invoices.number_sequence')
        : query
            .orderBy('finance_invoices.issued_on', 'desc')
            .orderBy('finance_invoices.number_year', 'desc')
            .orderBy('finance_invoices.number_sequence', 'desc');
    const [rows, total] = await Promise.all([pageOf(ordered, page), countOf(query)]);
    return { rows: rows.map((row) => toInvoiceView(row, today)), total };
  }

  async invoice(id: string, today = londonToday()): Promise<InvoiceDetailView | null> {
    const row = await this.invoices().where('finance_invoices.id', '=', id).executeTakeFirst();
    if (!row) return null;
    const scoped = this.db.withSchema(READ_MODEL_SCHEMA);
    const [payments, credits] = await Promise.all([
      scoped
        .selectFrom('finance_invoice_payments')
        .selectAll()
        .where('invoice_id', '=', id)
        .orderBy('received_on')
        .orderBy('payment_id')
        .execute(),
      scoped
        .selectFrom('finance_credit_notes')
        .selectAll()
        .where('invoice_id', '=', id)
        .orderBy('issued_on')
        .orderBy('credit_note_id')
        .execute(),
    ]);
    return {
      ...toInvoiceView(row, today),
      payments: payments.map((p) => ({
        id: p.payment_id,
        amountPence: toPence(p.amount_pence),
        receivedOn: dateOf(p.received_on),
        method: p.method,
        reference: p.reference,
      })),
      creditNotes: credits.map((c) => ({
        id: c.credit_note_id,
        amountPence: toPence(c.amount_pence),
        issuedOn: dateOf(c.issued_on),
        reason: c.reason,
      })),
    };
  }

  /** The bank holidays in force: the built-in list with the administrators' changes folded over it, in date order. */
  async bankHolidays(year: number | undefined): Promise<BankHoliday[]> {
    const changes = await this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('finance_bank_holiday_changes')
      .selectAll()
      .orderBy('seq')
      .execute();
    const events = changes.map(
      (row): BankHolidayEvent =>
        row.change === 'added'
          ? { type: 'BankHolidayAdded', data: { date: row.date, name: row.text } }
          : { type: 'BankHolidayRemoved', data: { date: row.date, reason: row.text } },
    );
    const all = bankHolidaysFrom(events);
    return year === undefined ? all : all.filter((day) => day.date.startsWith(`${year}-`));
  }

  /**
   * Clients with the funding in force today, by surname, searched by name or client ID; `unfunded` keeps only those
   * with none (Create Invoice reports their visits as not invoiced).
   */
  async clientFunding(
    filter: { search?: string | undefined; unfunded?: boolean | undefined },
    page: Page,
    today = londonToday(),
  ) {
    const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = sql`(${pattern}::text is null or c.first_name || ' ' || c.last_name ilike ${pattern} or c.client_id ilike ${pattern})
      and (${filter.unfunded === true}::boolean = false or f.shares is null)`;
    const from = sql`${sql.id(READ_MODEL_SCHEMA, 'clients')} c
      left join lateral (
        select effective_from, shares from ${sql.id(READ_MODEL_SCHEMA, 'finance_client_funding')} f
         where f.client_id = c.id and f.effective_from <= ${today}::date
         order by f.effective_from desc limit 1
      ) f on true`;
    const [rows, count, funders] = await Promise.all([
      sql<{
        id: string;
        first_name: string;
        last_name: string;
        client_id: string;
        effective_from: string | Date | null;
        shares: { funderId: string; percent: number }[] | null;
      }>`
        select c.id, c.first_name, c.last_name, c.client_id, f.effective_from, f.shares from ${from} where ${where}
         order by c.last_name, c.first_name, c.id limit ${page.limit} offset ${page.offset}`.execute(this.db),
      sql<{ total: string }>`select count(*) as total from ${from} where ${where}`.execute(this.db),
      this.db.withSchema(READ_MODEL_SCHEMA).selectFrom('finance_funders').select(['funder_id', 'name']).execute(),
    ]);
    const names = new Map(funders.map((funder) => [funder.funder_id, funder.name]));
    return {
      rows: rows.rows.map(
        (row): ClientFundingView => ({
          clientId: row.id,
          clientName: `${row.first_name} ${row.last_name}`,
          clientReference: row.client_id,
          funding:
            row.shares && row.effective_from
              ? {
                  effectiveFrom: dateOf(row.effective_from),
                  shares: row.shares.map((share) => ({ ...share, funderName: names.get(share.funderId) ?? null })),
                }
              : null,
        }),
      ),
      total: Number(count.rows[0]?.total ?? 0),
    };
  }

  async funders(): Promise<FunderView[]> {
    const scoped = this.db.withSchema(READ_MODEL_SCHEMA);
    const [funders, rates] = await Promise.all([
      scoped.selectFrom('finance_funders').selectAll().orderBy('name').orderBy('funder_id').execute(),
      scoped
        .selectFrom('finance_funder_rates as r')
        .leftJoin('clients as c', 'c.id', 'r.client_id')
        .selectAll('r')
        .select(['c.first_name', 'c.last_name'])
        .orderBy('r.effective_from', 'desc')
        .execute(),
    ]);
    return funders.map((funder) => ({
      id: funder.funder_id,
      name: funder.name,
      kind: funder.kind,
      invoiceEmail: funder.invoice_email,
      paymentTermsDays: funder.payment_terms_days,
      rates: rates
        .filter((rate) => rate.funder_id === funder.funder_id)
        .map((rate) => ({
          effectiveFrom: dateOf(rate.effective_from),
          weekdayHourlyPence: rate.weekday_hourly_pence,
          weekendHourlyPence: rate.weekend_hourly_pence,
          bankHolidayHourlyPence: rate.bank_holiday_hourly_pence,
          minimumChargePence: rate.minimum_charge_pence,
          billingIncrementMinutes: rate.billing_increment_minutes,
          durationBasis: rate.duration_basis,
          mileagePencePerMile: rate.mileage_pence_per_mile,
          clientId: rate.client_id,
          clientName:
            rate.client_id === null
              ? null
              : rate.first_name === null
                ? 'a removed client'
                : `${rate.first_name} ${rate.last_name}`,
        })),
    }));
  }

  /**
   * The cards and the chart. Revenue is what was invoiced in the month (by issue date) less credit notes issued
   * in it; expenses are the visits' recorded expenses plus processed payroll (gross with mileage) of periods ending in it.
   */
  async overview(today = londonToday()): Promise<FinanceOverviewView> {
    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const sixMonthsAgo = monthsBefore(firstOfMonth, 5);
    const scoped = this.db.withSchema(READ_MODEL_SCHEMA);
    const [invoiced, credited, expenses, outstanding, payroll] = await Promise.all([
      scoped
        .selectFrom('finance_invoices')
        .select([sql<string>`to_char(issued_on, 'YYYY-MM')`.as('month'), sql<string>`sum(total_pence)`.as('pence')])
        .where('issued_on', '>=', sixMonthsAgo)
        .groupBy(sql`to_char(issued_on, 'YYYY-MM')`)
        .execute(),
      scoped
        .selectFrom('finance_credit_notes')
        .select([sql<string>`to_char(issued_on, 'YYYY-MM')`.as('month'), sql<string>`sum(amount_pence)`.as('pence')])
        .where('issued_on', '>=', sixMonthsAgo)
        .groupBy(sql`to_char(issued_on, 'YYYY-MM')`)
        .execute(),
      scoped
        .selectFrom('appointments')
        .select([
          sql<string>`to_char(date, 'YYYY-MM')`.as('month'),
          sql<string>`coalesce(sum(expenses_pence), 0)`.as('pence'),
        ])
        .where('status', '=', 'completed')
        .where('date', '>=', sixMonthsAgo)
        .groupBy(sql`to_char(date, 'YYYY-MM')`)
        .execute(),
      scoped
        .selectFrom('finance_invoices')
        .select([
          sql<string>`count(*) FILTER (WHERE due_on >= ${today})`.as('pending_count'),
          sql<string>`coalesce(sum(total_pence - paid_pence - credited_pence) FILTER (WHERE due_on >= ${today}), 0)`.as(
            'pending_pence',
          ),
          sql<string>`count(*) FILTER (WHERE due_on < ${today})`.as('overdue_count'),
          sql<string>`coalesce(sum(total_pence - paid_pence - credited_pence) FILTER (WHERE due_on < ${today}), 0)`.as(
            'overdue_pence',
          ),
        ])
        .where(sql<boolean>`total_pence - paid_pence - credited_pence > 0`)
        .executeTakeFirstOrThrow(),
      // Carer pay (gross, mileage included) by the month its period ends.
      payrollCostByMonth(this.db, sixMonthsAgo),
    ]);
    const byMonth = (rows: { month: string; pence: string }[]) =>
      new Map(rows.map((row) => [row.month, toPence(row.pence)]));
    const [inv, cred, exp] = [byMonth(invoiced), byMonth(credited), byMonth(expenses)];
    const months = Array.from({ length: 6 }, (_, index) => monthsBefore(firstOfMonth, 5 - index).slice(0, 7)).map(
      (month) => {
        const revenuePence = (inv.get(month) ?? 0) - (cred.get(month) ?? 0);
        const expensesPence = (exp.get(month) ?? 0) + (payroll.get(month) ?? 0);
        return { month, revenuePence, expensesPence, netProfitPence: revenuePence - expensesPence };
      },
    );
    const current = months[5]!;
    const previous = months[4]!;
    return {
      totalRevenuePence: current.revenuePence,
      previousRevenuePence: previous.revenuePence,
      revenueChangePercent: percentOneDecimal(current.revenuePence - previous.revenuePence, previous.revenuePence),
      pendingInvoicesCount: Number(outstanding.pending_count),
      pendingInvoicesPence: toPence(outstanding.pending_pence),
      overdueInvoicesCount: Number(outstanding.overdue_count),
      overdueInvoicesPence: toPence(outstanding.overdue_pence),
      expensesPence: current.expensesPence,
      netProfitPence: current.netProfitPence,
      profitMarginPercent: percentOneDecimal(current.netProfitPence, current.revenuePence),
      months,
    };
  }
}

/** The first of the month `count` months before `firstOfMonth` (YYYY-MM-01). */
function monthsBefore(firstOfMonth: string, count: number): string {
  const year = Number(firstOfMonth.slice(0, 4));
  const month = Number(firstOfMonth.slice(5, 7)) - 1 - count;
  const date = new Date(Date.UTC(year, month, 1));
  return date.toISOString().slice(0, 10);
}
