import { ApiError, lastWritePosition } from './api';

/** The file name the server gives in Content-Disposition, else the fallback. */
function fileName(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** Hands bytes the page already holds to the browser as a saved file. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the time the next task runs.
  window.setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * GETs a file (session cookie, read-your-writes position) and saves it under the server's name. A refusal throws the
 * same ApiError as any other request, with the reply's JSON body when it has one.
 */
export async function downloadFile(url: string, accept: string, fallbackName: string): Promise<void> {
  const position = lastWritePosition();
  const response = await fetch(url, {
    credentials: 'include',
    headers: { Accept: accept, ...(position ? { 'X-Min-Position': position } : {}) },
  });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, body);
  }
  saveBlob(await response.blob(), fileName(response.headers.get('Content-Disposition'), fallbackName));
}
