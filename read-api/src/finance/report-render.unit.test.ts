import { describe, expect, it } from 'vitest';
import type { FinanceReport } from './report-registry';
import { reportCsv, reportPdfSpec } from './report-routes';

const report: FinanceReport = {
  title: 'Profitability by client',
  subtitle: 'Visits 01/11/2026 to 23/11/2026',
  notes: ['How the figures are made.'],
  columns: [{ header: 'Client' }, { header: 'Visits' }, { header: 'Margin' }],
  rows: [
    ['=Edith Green', 3, { pence: 1_234_56 }],
    ['Arthur Bell', 1, { pence: -5 }],
  ],
  totals: ['Total', 4, { pence: 1_234_51 }],
};

describe('a financial report as files', () => {
  it('writes the CSV with money as plain pounds (negative too), the totals last, and a formula-looking name made safe', () => {
    expect(reportCsv(report)).toBe(
      "\uFEFFClient,Visits,Margin\r\n'=Edith Green,3,1234.56\r\nArthur Bell,1,-0.05\r\nTotal,4,1234.51\r\n",
    );
  });

  it('lays the PDF out as the notes then one table with pounds, and says so when there is nothing to report', () => {
    const spec = reportPdfSpec(report);
    expect(spec.blocks).toEqual([
      { kind: 'paragraph', text: 'How the figures are made.' },
      {
        kind: 'table',
        columns: report.columns,
        rows: [
          ['=Edith Green', '3', '£1,234.56'],
          ['Arthur Bell', '1', '-£0.05'],
          ['Total', '4', '£1,234.51'],
        ],
        fontSize: 8,
      },
    ]);
    const empty = reportPdfSpec({ ...report, rows: [], totals: undefined });
    expect(empty.blocks.at(-1)).toEqual({ kind: 'paragraph', text: 'Nothing to report for this period.' });
  });
});
