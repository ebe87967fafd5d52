import { sql, type Kysely } from 'kysely';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** The figures behind the financial reports (read-api/src/finance/report-registry.ts). Money in integer pence. */
export interface ReportRange {
  readonly from: string;
  readonly to: string;
}

const pence = (value: string | number | null | undefined): number => Number(value ?? 0);
const name = (first: string | null, last: string | null, fallback: string): string =>
  first === null ? fallback : `${first} ${last ?? ''}`.trim();

export interface ClientRevenueRow {
  clientId: string;
  clientName: string;
  invoices: number;
  invoicedPence: number;
  creditedPence: number;
  paidPence: number;
  outstandingPence: number;
}

export interface DebtorInvoice {
  funderId: string;
  funderName: string;
  issuedOn: string;
  /** What was still owed on the report's date (payments and credit notes up to that date). */
  owedPence: number;
}

export interface CarerMileageRow {
  carerId: string | null;
  carerName: string;
  visits: number;
  visitsWithMileage: number;
  mileageTenths: number;
  expensesPence: number;
}

export interface FunderSummaryRow {
  funderId: string;
  funderName: string;
  kind: string;
  invoices: number;
  invoicedPence: number;
  paidPence: number;
  creditedPence: number;
  outstandingPence: number;
}

export interface ClientProfitRow {
  clientId: string;
  clientName: string;
  revenuePence: number;
  visits: number;
  visitMinutes: number;
  carerCostPence: number;
}

export class FinanceReportQueries {
  constructor(private readonly db: Kysely<ReadModelDatabase>) {}

  private get scoped() {
    return this.db.withSchema(READ_MODEL_SCHEMA);
  }

  /** Invoices issued in the range, per client. */
  async revenueByClient({ from, to }: ReportRange): Promise<ClientRevenueRow[]> {
    const rows = await this.scoped
      .selectFrom('finance_invoices as i')
      .leftJoin('clients as c', 'c.id', 'i.client_id')
      .select([
        'i.client_id',
        'c.first_name',
        'c.last_name',
        sql<string>`count(*)`.as('invoices'),
        sql<string>`sum(i.total_pence)`.as('invoiced'),
        sql<string>`sum(i.credited_pence)`.as('credited'),
        sql<string>`sum(i.paid_pence)`.as('paid'),
      ])
      .where('i.issued_on', '>=', from)
      .where('i.issued_on', '<=', to)
      .groupBy(['i.client_id', 'c.first_name', 'c.last_name'])
      .orderBy(sql`sum(i.total_pence)`, 'desc')
      .orderBy('i.client_id')
      .execute();
    return rows.map((row) => {
      const invoicedPence = pence(row.invoiced);
      const creditedPence = pence(row.credited);
      const paidPence = pence(row.paid);
      return {
        clientId: row.client_id,
        clientName: name(row.first_name, row.last_name, row.client_id),
        invoices: Number(row.invoices),
        invoicedPence,
        creditedPence,
        paidPence,
        outstandingPence: invoicedPence - creditedPence - paidPence,
      };
    });
  }

  /** Every invoice issued by `asOf` with what was still owed on that date (the aged debtors report buckets them). */
  async debtorInvoices(asOf: string): Promise<DebtorInvoice[]> {
    const rows = await this.scoped
      .selectFrom('finance_invoices as i')
      .leftJoin('finance_funders as f', 'f.funder_id', 'i.funder_id')
      .select([
        'i.funder_id',
        'f.name',
        sql<string>`to_char(i.issued_on, 'YYYY-MM-DD')`.as('issued_on'),
        sql<string>`i.total_pence
          - coalesce((SELECT sum(p.amount_pence) FROM ${sql.table(`${READ_MODEL_SCHEMA}.finance_invoice_payments`)} p WHERE p.invoice_id = i.id AND p.received_on <= ${asOf}), 0)
          - coalesce((SELECT sum(n.amount_pence) FROM ${sql.table(`${READ_MODEL_SCHEMA}.finance_credit_notes`)} n WHERE n.invoice_id = i.id AND n.issued_on <= ${asOf}), 0)`.as(
          'owed',
        ),
      ])
      .where('i.issued_on', '<=', asOf)
      .execute();
    return rows
      .map((row) => ({
        funderId: row.funder_id,
        funderName: row.name ?? row.funder_id,
        issuedOn: row.issued_on,
        owedPence: pence(row.owed),
      }))
      .filter((invoice) => invoice.owedPence > 0);
  }

  /** Invoices issued in the range, per funder. */
  async funderSummary({ from, to }: ReportRange): Promise<FunderSummaryRow[]> {
    const rows = await this.scoped
      .selectFrom('finance_funders as f')
      .leftJoin('finance_invoices as i', (join) =>
        join.onRef('i.funder_id', '=', 'f.funder_id').on('i.issued_on', '>=', from).on('i.issued_on', '<=', to),
      )
      .select([
        'f.funder_id',
        'f.name',
        'f.kind',
        sql<string>`count(i.id)`.as('invoices'),
        sql<string>`coalesce(sum(i.total_pence), 0)`.as('invoiced'),
        sql<string>`coalesce(sum(i.paid_pence), 0)`.as('paid'),
        sql<string>`coalesce(sum(i.credited_pence), 0)`.as('credited'),
      ])
      .groupBy(['f.funder_id', 'f.name', 'f.kind'])
      .orderBy('f.name')
      .orderBy('f.funder_id')
      .execute();
    return rows.map((row) => {
      const invoicedPence = pence(row.invoiced);
      const paidPence = pence(row.paid);
      const creditedPence = pence(row.credited);
      return {
        funderId: row.funder_id,
        funderName: row.name,
        kind: row.kind,
        invoices: Number(row.invoices),
        invoicedPence,
        paidPence,
        creditedPence,
        outstandingPence: invoicedPence - paidPence - creditedPence,
      };
    });
  }

  /**
   * Per client: the revenue of the visits in the range (invoice lines dated in it, less credit notes issued in it)
   * against the carer pay cost of the client's completed visits in the range: the carer's hourly rate times the
   * visit's actual time (check-in to check-out; planned when not recorded). Travel and overheads are not in it.
   */
  async profitabilityByClient({ from, to }: ReportRange): Promise<ClientProfitRow[]> {
    const s = READ_MODEL_SCHEMA;
    const { rows } = await sql<{
      client_id: string;
      first_name: string | null;
      last_name: string | null;
      revenue: string | null;
      visits: string | null;
      minutes: string | null;
      cost: string | null;
    }>`
      WITH revenue AS (
        SELECT i.client_id, sum((line->>'amountPence')::bigint) AS pence
          FROM ${sql.table(`${s}.finance_invoices`)} i, jsonb_array_elements(i.lines) line
         WHERE (line->>'date') BETWEEN ${from} AND ${to}
         GROUP BY i.client_id
      ), credits AS (
        SELECT client_id, sum(amount_pence) AS pence FROM ${sql.table(`${s}.finance_credit_notes`)}
         WHERE issued_on BETWEEN ${from} AND ${to} GROUP BY client_id
      ), visits AS (
        SELECT a.client_id, count(*) AS visits,
               sum(m.minutes) AS minutes,
               sum(round(coalesce(k.hourly_rate_pence, 0) * m.minutes / 60.0)) AS cost
          FROM ${sql.table(`${s}.appointments`)} a
          LEFT JOIN ${sql.table(`${s}.carers`)} k ON k.id = a.carer_id
          CROSS JOIN LATERAL (SELECT CASE WHEN a.checked_in_at IS NOT NULL AND a.checked_out_at IS NOT NULL
                    THEN GREATEST(0, round(extract(epoch FROM (a.checked_out_at - a.checked_in_at)) / 60))
                    ELSE a.duration_minutes END AS minutes) m
         WHERE a.status = 'completed' AND a.date BETWEEN ${from} AND ${to}
         GROUP BY a.client_id
      ), subjects AS (SELECT client_id FROM revenue UNION SELECT client_id FROM credits UNION SELECT client_id FROM visits)
      SELECT s.client_id, c.first_name, c.last_name,
             coalesce(r.pence, 0) - coalesce(cr.pence, 0) AS revenue, v.visits, v.minutes, v.cost
        FROM subjects s
        LEFT JOIN revenue r ON r.client_id = s.client_id
        LEFT JOIN credits cr ON cr.client_id = s.client_id
        LEFT JOIN visits v ON v.client_id = s.client_id
        LEFT JOIN ${sql.table(`${s}.clients`)} c ON c.id = s.client_id
       ORDER BY coalesce(r.pence, 0) - coalesce(cr.pence, 0) - coalesce(v.cost, 0) DESC, s.client_id`.execute(this.db);
    return rows.map((row) => ({
      clientId: row.client_id,
      clientName: name(row.first_name, row.last_name, row.client_id),
      revenuePence: pence(row.revenue),
      visits: Number(row.visits ?? 0),
      visitMinutes: Number(row.minutes ?? 0),
      carerCostPence: pence(row.cost),
    }));
  }

  /** Every invoice issued in the range (Export Data), oldest first. */
  async invoicesIssued({ from, to }: ReportRange) {
    const rows = await this.scoped
      .selectFrom('finance_invoices as i')
      .leftJoin('clients as c', 'c.id', 'i.client_id')
      .leftJoin('finance_funders as f', 'f.funder_id', 'i.funder_id')
      .select([
        'i.number',
        sql<string>`to_char(i.issued_on, 'YYYY-MM-DD')`.as('issued_on'),
        sql<string>`to_char(i.due_on, 'YYYY-MM-DD')`.as('due_on'),
        sql<string>`to_char(i.period_start, 'YYYY-MM-DD')`.as('period_start'),
        sql<string>`to_char(i.period_end, 'YYYY-MM-DD')`.as('period_end'),
        'c.first_name',
        'c.last_name',
        'i.client_id',
        'f.name as funder_name',
        'i.total_pence',
        'i.paid_pence',
        'i.credited_pence',
        'i.sent_at',
      ])
      .where('i.issued_on', '>=', from)
      .where('i.issued_on', '<=', to)
      .orderBy('i.issued_on')
      .orderBy('i.number_year')
      .orderBy('i.number_sequence')
      .execute();
    return rows.map((row) => ({
      number: row.number,
      issuedOn: row.issued_on,
      dueOn: row.due_on,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      clientName: name(row.first_name, row.last_name, row.client_id),
      funderName: row.funder_name ?? '',
      totalPence: pence(row.total_pence),
      paidPence: pence(row.paid_pence),
      creditedPence: pence(row.credited_pence),
      sent: row.sent_at !== null,
    }));
  }

  /**
   * Per carer: the completed visits of the range (by their day), how many carry mileage, the miles recorded (in
   * tenths) and the visit expenses claimed (parking, fares), with the payroll policy's mileage rate a mile.
   */
  async mileageAndExpenses({
    from,
    to,
  }: ReportRange): Promise<{ rows: CarerMileageRow[]; pencePerMile: number | null }> {
    const s = READ_MODEL_SCHEMA;
    const [{ rows }, policy] = await Promise.all([
      sql<{
        carer_id: string | null;
        first_name: string | null;
        last_name: string | null;
        visits: string;
        with_mileage: string;
        tenths: string | null;
        expenses: string | null;
      }>`
        SELECT a.carer_id, k.first_name, k.last_name, count(*) AS visits,
               count(*) FILTER (WHERE coalesce(a.mileage_tenths, 0) > 0) AS with_mileage,
               sum(coalesce(a.mileage_tenths, 0)) AS tenths, sum(coalesce(a.expenses_pence, 0)) AS expenses
          FROM ${sql.table(`${s}.appointments`)} a
          LEFT JOIN ${sql.table(`${s}.carers`)} k ON k.id = a.carer_id
         WHERE a.status = 'completed' AND a.date BETWEEN ${from} AND ${to}
         GROUP BY a.carer_id, k.first_name, k.last_name
        HAVING sum(coalesce(a.mileage_tenths, 0)) > 0 OR sum(coalesce(a.expenses_pence, 0)) > 0
         ORDER BY k.last_name NULLS LAST, k.first_name, a.carer_id`.execute(this.db),
      this.scoped
        .selectFrom('finance_payroll_policy')
        .select('mileage_pence_per_mile')
        .where('id', '=', 1)
        .executeTakeFirst(),
    ]);
    return {
      rows: rows.map((row) => ({
        carerId: row.carer_id,
        carerName: row.carer_id === null ? 'No carer' : name(row.first_name, row.last_name, row.carer_id),
        visits: Number(row.visits),
        visitsWithMileage: Number(row.with_mileage),
        mileageTenths: Number(row.tenths ?? 0),
        expensesPence: pence(row.expenses),
      })),
      pencePerMile: policy?.mileage_pence_per_mile ?? null,
    };
  }
}
