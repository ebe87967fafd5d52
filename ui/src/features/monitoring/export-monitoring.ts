import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../shared/api';
import { downloadFile } from '../../shared/download-file';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';

const REPORT = 'Care Records';

/** The CSV of every matching row, saved under the server's name (else a dated one). */
const downloadCsv = (url: string) =>
  downloadFile(url, 'text/csv', `care-records-${new Date().toISOString().slice(0, 10)}.csv`);

/** Export Data: the export toasts, around a real download of every matching row. */
export function useExportMonitoring() {
  return useMutation({
    mutationFn: downloadCsv,
    onMutate: () => toast({ title: 'Export Started', description: `Generating ${REPORT} report...` }),
    onSuccess: () =>
      toast({ title: 'Export Complete', description: `${REPORT} report has been generated and downloaded.` }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({
        title: 'Export Failed',
        description: error instanceof ApiError ? error.reason : error.message,
        variant: 'destructive',
      });
    },
  });
}
