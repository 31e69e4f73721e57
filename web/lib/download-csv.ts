import { apiFetch } from './api-fetch';

/**
 * Saves a server's CSV answer (`Accept: text/csv`) under `fileName`. A plain link
 * would not do: the JSON and CSV answers share one address, and only a header picks the CSV.
 */
export async function downloadCsv(url: string, fileName: string): Promise<void> {
  const response = await apiFetch(url, { headers: { Accept: 'text/csv' } });
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
