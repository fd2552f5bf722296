import { privacyExportContract as contract } from '@club/shared/contract/privacy-export';
import type { PrivacyExportFormat } from '@club/shared/schemas/privacy-export';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { asErrorCode } from '@club/shared/error-codes';
import { ApiError } from '../../../lib/api-client';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/**
 * One file of a ready copy: a single-use link for this session first, then the file itself, saved
 * under the server's name. Fetched rather than opened, so a refusal (already downloaded, time up)
 * is shown on the screen in the member's words instead of as a page of JSON.
 */
export async function downloadExportFile(input: { id: number; format: PrivacyExportFormat }) {
  const { url } = await fetchData(contract.link, { params: { id: String(input.id), format: input.format } });
  const response = await fetch(url, { credentials: 'include' }).catch(() => null);
  // The screen words a lost connection itself (an empty message falls back to its text).
  if (!response) throw new ApiError(0, 'NETWORK', '');
  if (!response.ok) {
    // A refusal is the error envelope, in the member's language.
    const json = (await response.json().catch(() => null)) as { code?: unknown; message?: string } | null;
    throw new ApiError(response.status, asErrorCode(json?.code) ?? 'HTTP', json?.message ?? '');
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(blob);
  const anchor = Object.assign(document.createElement('a'), {
    href,
    download: name ?? `my-data.${input.format}`,
  });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function useDownloadExportFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadExportFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(contract.state) }),
  });
}
