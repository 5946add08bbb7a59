import { queryString, type GetOptions, type HttpClient } from './http-client';

// Apart from the client itself, so a front end loads it with the pages that export files.

/** A file the server answered (a CSV export) and the name it gave it. */
export type DownloadedFile = { blob: Blob; fileName: string };

/**
 * GETs a path that answers a file instead of the envelope (CSV exports, receipts, KYC
 * photos), with the session like any call: a plain link or <img> would carry no token.
 */
export async function download(
  http: HttpClient,
  path: string,
  { query, signal, fallbackName = 'download' }: GetOptions & { fallbackName?: string } = {},
): Promise<DownloadedFile> {
  const sent = await http.send('GET', `${path}${queryString(query)}`, undefined, signal);
  if (!sent.response.ok) throw await http.failure(sent);
  const disposition = sent.response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await sent.response.blob(), fileName };
}

/** Hands a file to the browser to save under `fileName`. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
