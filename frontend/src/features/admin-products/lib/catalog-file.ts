import { apiUrl } from '@/lib/api';
import type { ImportReport, RowError } from '@/lib/api-types';
import { STORAGE_KEYS, readString } from '@/lib/storage';

export type { RowError };

/** The server's report of a saved file, or the lines that kept it from being saved. */
export type ImportOutcome = { ok: true; message: string; report: ImportReport } | { ok: false; message: string; errors: RowError[] };

function authHeader(): Record<string, string> {
  const token = readString(STORAGE_KEYS.authToken);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The whole catalogue as the server writes it (CSV, UTF-8 with a byte-order mark). */
export async function exportCatalog(): Promise<{ filename: string; blob: Blob }> {
  const response = await fetch(apiUrl('/admin/catalog/export'), { headers: authHeader() });
  if (!response.ok) throw new Error('Failed to export the catalogue');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'catalogue.csv';
  return { filename, blob: await response.blob() };
}

/** Offers a file for download. */
export { saveBlob as download } from '@/lib/download';

/**
 * Sends a catalogue file; `onProgress` gets the share sent (0 to 1), then the server checks
 * every row and saves all or nothing. XMLHttpRequest, as fetch reports no upload progress.
 */
export function importCatalog(file: Blob, onProgress: (sent: number) => void): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/admin/catalog/import'));
    for (const [name, value] of Object.entries(authHeader())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new Error('Could not reach the shop. Check your connection.'));
    xhr.onload = () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const message = typeof body.message === 'string' ? body.message : 'Failed to import the catalogue';
      if (xhr.status === 200) {
        resolve({ ok: true, message, report: body.data as ImportReport });
      } else if (xhr.status === 422 && Array.isArray(body.errors)) {
        resolve({ ok: false, message, errors: body.errors as RowError[] });
      } else {
        reject(new Error(message));
      }
    };
    xhr.send(file);
  });
}
