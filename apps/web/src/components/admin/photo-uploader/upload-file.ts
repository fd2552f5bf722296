import { API_BASE, ApiError, currentCsrfToken, type FieldErrors } from '../../../lib/api-client';

/**
 * Sends one file as multipart/form-data (field `file`) with XMLHttpRequest, whose upload events give
 * the progress a fetch cannot; the answer is read like every other call (the envelope, ApiError with
 * the server's message in the user's language). `signal` cancels it.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    const csrf = currentCsrfToken();
    if (csrf) xhr.setRequestHeader('X-Csrf-Token', csrf);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      const body = xhr.response as {
        success?: boolean;
        data?: T;
        code?: ApiError['code'];
        message?: string;
        errors?: FieldErrors;
      } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.success) {
        onProgress(1);
        resolve(body.data as T);
      } else {
        reject(
          new ApiError(xhr.status, body?.code ?? 'HTTP', body?.message ?? xhr.statusText, body?.errors ?? {}),
        );
      }
    });
    const failed = () =>
      reject(
        new ApiError(
          0,
          'NETWORK',
          navigator.language.startsWith('pl')
            ? 'Brak połączenia z serwerem.'
            : 'No connection to the server.',
        ),
      );
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
