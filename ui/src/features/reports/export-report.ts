import { REPORT_KIND_LABELS, type ReportFormat, type ReportKind } from '@care/events';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../shared/api';
import { downloadFile } from '../../shared/download-file';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';

export interface ReportDownload {
  readonly kind: ReportKind;
  readonly url: string;
  readonly format: ReportFormat;
}

const ACCEPT: Record<ReportFormat, string> = { pdf: 'application/pdf', csv: 'text/csv' };

/** Export Reports: two toasts around the real download, the second once the file is saved. */
export function useExportReport() {
  return useMutation({
    mutationFn: ({ url, format, kind }: ReportDownload) =>
      downloadFile(url, ACCEPT[format], `${kind}-report.${format}`),
    onMutate: ({ kind }) =>
      toast({ title: 'Export Started', description: `Generating ${REPORT_KIND_LABELS[kind]} report...` }),
    onSuccess: (_result, { kind }) =>
      toast({
        title: 'Export Complete',
        description: `${REPORT_KIND_LABELS[kind]} report has been generated and downloaded.`,
      }),
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
