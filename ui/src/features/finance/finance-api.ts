import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinanceOverviewView, InvoiceView } from '@care/events';
import { apiGet, apiSend, errorReason } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';

/** Every finance query key starts with its URL under /api/finance, so one invalidation reloads them all. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: ['/api/finance/overview'],
    queryFn: () => apiGet<FinanceOverviewView>('/api/finance/overview'),
  });

export const INVOICES_PATH = '/api/finance/invoices';
export const CLIENT_FUNDING_PATH = '/api/finance/client-funding';

const underFinance = ({ queryKey: [url] }: { queryKey: readonly unknown[] }) =>
  typeof url === 'string' && url.startsWith('/api/finance');

export const invoicePdfPath = (invoice: Pick<InvoiceView, 'id'>) =>
  `/api/finance/invoices/${encodeURIComponent(invoice.id)}/invoice.pdf`;

/** A finance command, then every finance figure reloads (the cards, the list). */
export function useFinanceCommand<TInput, TReply = unknown>(
  toPath: (input: TInput) => string,
  toBody: (input: TInput) => unknown,
  success: string | ((reply: TReply) => { title: string; description?: string }),
  method: 'POST' | 'PUT' | 'PATCH' = 'POST',
  toHeaders?: (input: TInput) => Record<string, string>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiSend<TReply>(method, toPath(input), toBody(input), toHeaders?.(input)),
    onSuccess: (reply) => toast(typeof success === 'string' ? { title: success } : success(reply)),
    onError: (error) => {
      if (!handleUnauthorized(error))
        toast({ title: 'Error', description: errorReason(error), variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ predicate: underFinance }),
  });
}
