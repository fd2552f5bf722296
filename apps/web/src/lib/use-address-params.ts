import { useCallback, useRef } from 'react';
import { type NavigateOptions, useLocation, useSearchParams } from 'react-router';

/**
 * `useSearchParams` whose changes build on each other. React Router hands a change the address of
 * the last render, not the last address asked for: two filters set before React renders again (a
 * quick hand, a slow phone) kept only the second (console-mail.spec lost its "from" date on a slow
 * machine). Here a change builds on the last address this screen asked for while the render it began
 * from is still the one shown, or is one of those asked for; any other address (the back button, a
 * link) is built on as it is.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const { key } = useLocation();
  const shown = useRef(key);
  shown.current = key;
  const chain = useRef<{ from: string; asked: string[] }>({ from: key, asked: [] });
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      setParams((rendered) => {
        const c = chain.current;
        if (c.from !== shown.current) {
          const at = c.asked.indexOf(rendered.toString());
          chain.current = { from: shown.current, asked: at < 0 ? [] : c.asked.slice(at + 1) };
        }
        const next = new URLSearchParams(chain.current.asked.at(-1) ?? rendered);
        edit(next);
        chain.current.asked.push(next.toString());
        return next;
      }, options);
    },
    [setParams],
  );
  return [params, change] as const;
}
