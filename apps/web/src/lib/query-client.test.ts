import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { QUERY_RETRIES, QUERY_RETRY_DELAY_MS, queryClient, shouldRetryQuery } from './query-client';

describe('query retries', () => {
  it('never asks again after a 4xx', () => {
    expect(shouldRetryQuery(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'UNAUTHENTICATED', 'x'))).toBe(false);
  });

  it('asks once more after a server or network failure, then gives up', () => {
    expect(shouldRetryQuery(0, new ApiError(503, 'UNAVAILABLE', 'x'))).toBe(true);
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'UNAVAILABLE', 'x'))).toBe(false);
  });

  it('keeps the worst wait before the load error within a couple of seconds', () => {
    expect(QUERY_RETRIES * QUERY_RETRY_DELAY_MS).toBeLessThanOrEqual(1_000);
    expect(queryClient.getDefaultOptions().queries?.retryDelay).toBe(QUERY_RETRY_DELAY_MS);
  });
});
