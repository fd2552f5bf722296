import { useCallback, useContext, useRef } from 'react';
import { type NavigateOptions, UNSAFE_DataRouterContext, useSearchParams } from 'react-router';

/**
 * `useSearchParams` whose changes build on the address as it is now. React Router hands a change the
 * address of the last committed render, and it renders new addresses in a transition, which a slow
 * machine or phone (or the next keystroke) can hold back: a filter set meanwhile was built on the
 * older address and dropped the one set just before (console-mail.spec lost its "from" date, then
 * its mail type, on a slow machine). Here a change builds on the router's own location, which moves
 * as soon as a navigation completes, and on the change asked for just before in the same task (a
 * navigation completes a few microtasks after it is asked for).
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const asked = useRef<string | null>(null);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      setParams((rendered) => {
        const next = new URLSearchParams(asked.current ?? router?.state.location.search ?? rendered);
        edit(next);
        asked.current = next.toString();
        setTimeout(() => {
          asked.current = null;
        }, 0);
        return next;
      }, options);
    },
    [setParams, router],
  );
  return [params, change] as const;
}
