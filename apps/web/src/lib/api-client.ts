/**
 * The one HTTP client of the app (SPEC.md §7): credentials on every call, the session's CSRF token
 * as X-Csrf-Token, Cache-Control no-store, no timeout. Failures become ApiError with the server's
 * message (already in the user's language) and field errors.
 */
import type { AppErrorCode } from '@club/shared/error-codes';

export const API_BASE = '/panel/api/v1';

let csrfToken = '';
export const setCsrfToken = (token: string) => {
  csrfToken = token;
};
/** The session's CSRF token, for requests that cannot go through `request` (uploads with progress). */
export const currentCsrfToken = () => csrfToken;

export type FieldErrors = Record<string, string[]>;

/** The server's codes, plus the client's own: no answer at all, or an answer without the envelope. */
export type ApiErrorCode = AppErrorCode | 'NETWORK' | 'HTTP';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
  }
  /** SPEC.md §8: every value of errors joined with line breaks, else the message. */
  get details(): string {
    const all = Object.values(this.errors).flat();
    return all.length ? all.join('\n') : this.message;
  }
}

export type Envelope<T> = {
  success: boolean;
  data: T;
  meta?: Pagination;
  paginationMetaData?: Pagination;
};
export type Pagination = { current_page: number; last_page: number; per_page: number; total: number };

export type QueryParams = Record<
  string,
  string | number | boolean | null | undefined | Record<string, string | number | boolean | null | undefined>
>;

/** Bracket notation of DESIGN.md §4: { where: { category_id: 3 } } → where[category_id]=3. */
export function toQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') {
      for (const [inner, v] of Object.entries(value)) {
        if (v !== undefined && v !== null && v !== '') search.append(`${key}[${inner}]`, String(v));
      }
    } else {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/**
 * The screen's language (lib/i18n keeps it on <html lang>): sent as Accept-Language with every call,
 * so a message the server writes before sign-in (wrong password, a bad link) is in the language of the
 * screen that shows it, not in the browser's.
 */
const screenLanguage = (): 'pl' | 'en' =>
  typeof document !== 'undefined' && document.documentElement.lang === 'en' ? 'en' : 'pl';

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  params?: QueryParams,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-store,max-age=0',
    Accept: 'application/json',
    'Accept-Language': screenLanguage(),
  };
  if (csrfToken) headers['X-Csrf-Token'] = csrfToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${toQuery(params)}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK',
      screenLanguage() === 'pl' ? 'Brak połączenia z serwerem.' : 'No connection to the server.',
    );
  }
  const json = (await response.json().catch(() => null)) as
    | (Envelope<T> & { message?: string; code?: AppErrorCode; errors?: FieldErrors })
    | null;
  if (!response.ok || !json || json.success === false) {
    throw new ApiError(
      response.status,
      json?.code ?? 'HTTP',
      json?.message ?? response.statusText,
      json?.errors ?? {},
    );
  }
  return json;
}
