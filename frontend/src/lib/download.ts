import { ApiError, apiUrl } from './api';
import { STORAGE_KEYS, readString } from './storage';

/**
 * Fetches a signed-in file from the API (a tax invoice PDF) and hands it to the browser as a
 * download named `filename`. A refusal is thrown as an `ApiError` with the server's message.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const token = readString(STORAGE_KEYS.authToken);
  const response = await fetch(apiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(response.status, body.message ?? 'The file could not be downloaded', body.code ?? String(response.status), Boolean(body.message));
  }
  saveBlob(filename, await response.blob());
}

/** Hands a file the page holds to the browser as a download named `filename`. */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
