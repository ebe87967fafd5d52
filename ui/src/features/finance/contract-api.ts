import { queryOptions } from '@tanstack/react-query';
import type { ContractView, ExchangeRatesReply } from '@care/events';
import { apiGet } from '../../shared/api';

/** Contracts, exchange rates and report files (GET /api/finance/...: reloaded with every finance query). */
export const CONTRACTS_PATH = '/api/finance/contracts';
export const contractPdfPath = (contract: Pick<ContractView, 'id'>) =>
  `/api/finance/contracts/${encodeURIComponent(contract.id)}/contract.pdf`;

export const exchangeRatesQuery = () =>
  queryOptions({
    queryKey: ['/api/finance/exchange-rates'],
    queryFn: () => apiGet<ExchangeRatesReply>('/api/finance/exchange-rates'),
  });

export type ReportFormat = 'pdf' | 'csv';
export const reportPath = (key: string, format: ReportFormat, range: { from: string; to: string }) =>
  `/api/finance/reports/${encodeURIComponent(key)}/report.${format}?from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;

/** Starts a file download from a GET path (the browser keeps the session cookie; the server names the file). */
export function download(path: string): void {
  const link = document.createElement('a');
  link.href = path;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
