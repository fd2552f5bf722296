import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** One quick second try covers a dropped connection; more (with TanStack's growing pauses) left the
 * member looking at a blank page for ~7 s before the load error (issue 14). */
export const QUERY_RETRIES = 1;
export const QUERY_RETRY_DELAY_MS = 400;

/** A 4xx will not get better by asking again; anything else is asked once more, soon. */
export function shouldRetryQuery(count: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return count < QUERY_RETRIES;
}

/**
 * The app's one query cache, created before React renders: the first load fills it with the target
 * route's data while the splash shows (app/boot.ts), and the page then reads it from here.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      retry: shouldRetryQuery,
      retryDelay: QUERY_RETRY_DELAY_MS,
    },
  },
});
