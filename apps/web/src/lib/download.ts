import type { GetOptions } from '@app/client';
import { download, saveFile, type DownloadedFile } from '@app/client/download';
import { http } from './api-client';

// Apart from api-client.ts, so the file code loads with the pages that export, not at start-up.

/**
 * GETs a member API path that answers a file instead of the envelope (the agent report CSV
 * exports), with the session like any call; a failure envelope becomes an `ApiError`.
 */
export function apiDownload(
  path: string,
  options: GetOptions & { fallbackName: string },
): Promise<DownloadedFile> {
  return download(http, path, options);
}

/** Downloads a file from a member API path (`apiDownload`) and hands it to the browser to save. */
export async function saveDownload(
  path: string,
  options: GetOptions & { fallbackName: string },
): Promise<void> {
  saveFile(await apiDownload(path, options));
}
