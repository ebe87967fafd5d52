import { useMutation } from '@tanstack/react-query';
import { ApiError, lastWritePosition } from '../../shared/api';
import { handleUnauthorized } from '../../shared/query-client';
import { toast } from '../../shared/toast';

const REPORT = 'Care Records';

/** The file name the server gives in Content-Disposition, else a dated one. */
function fileName(disposition: string | null): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? `care-records-${new Date().toISOString().slice(0, 10)}.csv`;
}

/** GETs the CSV (with the session cookie and read-your-writes position) and hands it to the browser as a download. */
async function downloadCsv(url: string): Promise<void> {
  const position = lastWritePosition();
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'text/csv', ...(position ? { 'X-Min-Position': position } : {}) } });
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
  link.download = fileName(response.headers.get('Content-Disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the time the next task runs.
  window.setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** Export Data: the export toasts, around a real download of every matching row. */
export function useExportMonitoring() {
  return useMutation({
    mutationFn: downloadCsv,
    onMutate: () => toast({ title: 'Export Started', description: `Generating ${REPORT} report...` }),
    onSuccess: () => toast({ title: 'Export Complete', description: `${REPORT} report has been generated and downloaded.` }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Export Failed', description: error instanceof ApiError ? error.reason : error.message, variant: 'destructive' });
    },
  });
}
