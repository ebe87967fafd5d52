import { REPORT_KIND_LABELS, type ReportFormat, type ReportKind } from '@care/events';
import { useMutation } from '@tanstack/react-query';
import { ApiError, lastWritePosition } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';

export interface ReportDownload {
  readonly kind: ReportKind;
  readonly url: string;
  readonly format: ReportFormat;
}

/** The file name the server gives in Content-Disposition. */
function fileName(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** GETs the file (session cookie, read-your-writes position) and hands it to the browser as a download. */
export async function downloadFile(url: string, accept: string, fallbackName: string): Promise<void> {
  const position = lastWritePosition();
  const response = await fetch(url, { credentials: 'include', headers: { Accept: accept, ...(position ? { 'X-Min-Position': position } : {}) } });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName(response.headers.get('Content-Disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 0);
}

const ACCEPT: Record<ReportFormat, string> = { pdf: 'application/pdf', csv: 'text/csv' };

/** Export Reports: two toasts around the real download, the second once the file is saved. */
export function useExportReport() {
  return useMutation({
    mutationFn: ({ url, format, kind }: ReportDownload) => downloadFile(url, ACCEPT[format], `${kind}-report.${format}`),
    onMutate: ({ kind }) => toast({ title: 'Export Started', description: `Generating ${REPORT_KIND_LABELS[kind]} report...` }),
    onSuccess: (_result, { kind }) => toast({ title: 'Export Complete', description: `${REPORT_KIND_LABELS[kind]} report has been generated and downloaded.` }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Export Failed', description: error instanceof ApiError ? error.reason : error.message, variant: 'destructive' });
    },
  });
}
