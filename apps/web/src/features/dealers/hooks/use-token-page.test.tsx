import type { LanguageCode } from '@club/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { type TokenPage, useTokenPage } from './use-token-page';

const setLanguage = vi.fn();
vi.mock('../../../lib/i18n', () => ({
  STORED_LANGUAGE_KEY: 'club.language',
  setLanguage: (code: string) => setLanguage(code),
}));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

type Invitation = { email: string; language_code: LanguageCode };
type Query = Partial<UseQueryResult<Invitation>>;

let root: Root;
let container: HTMLDivElement;
let seen: TokenPage<Invitation> | undefined;
let askedFor: string | undefined;

/** Renders the hook at `url` over a stand-in for the invitation query. */
async function render(url: string, query: Query) {
  const useInvitation = (token: string) => {
    askedFor = token;
    return { isPending: false, isError: false, refetch: vi.fn(), ...query } as UseQueryResult<Invitation>;
  };
  function Page() {
    seen = useTokenPage(useInvitation);
    return null;
  }
  const router = createMemoryRouter([{ path: '/activate', element: <Page /> }], { initialEntries: [url] });
  await act(async () => root.render(<RouterProvider router={router} />));
}

beforeEach(() => {
  localStorage.clear();
  setLanguage.mockClear();
  container = document.createElement('div');
  root = createRoot(container);
  seen = undefined;
});
afterEach(() => act(() => root.unmount()));

describe('useTokenPage', () => {
  it('says the link is incomplete without a token', async () => {
    await render('/activate', { isPending: true });
    expect(seen).toEqual({ state: 'missing' });
  });

  it('loads the invitation of the token', async () => {
    await render('/activate?token=abc', { isPending: true });
    expect(askedFor).toBe('abc');
    expect(seen).toEqual({ state: 'loading' });
  });

  it('calls an unknown, used or expired link (404) invalid, and any other failure retryable', async () => {
    await render('/activate?token=abc', { isError: true, error: new ApiError(404, 'NOT_FOUND', 'gone') });
    expect(seen).toEqual({ state: 'invalid' });
    await render('/activate?token=abc', { isError: true, error: new ApiError(500, 'INTERNAL', 'oops') });
    expect(seen?.state).toBe('failed');
  });

  it("hands over the invitation and speaks the customer's language", async () => {
    const invitation: Invitation = { email: 'a@example.com', language_code: 'en' };
    await render('/activate?token=abc', { data: invitation });
    expect(seen).toEqual({ state: 'ready', token: 'abc', invitation });
    expect(setLanguage).toHaveBeenCalledExactlyOnceWith('en');
  });

  it('keeps the language the visitor chose before', async () => {
    localStorage.setItem('club.language', 'pl');
    await render('/activate?token=abc', { data: { email: 'a@example.com', language_code: 'en' } });
    expect(seen?.state).toBe('ready');
    expect(setLanguage).not.toHaveBeenCalled();
  });
});
