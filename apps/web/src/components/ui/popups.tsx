import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from './form-errors';

/** The dialog itself (Radix) is loaded with the first popup, not with the app. */
const PopupView = lazy(() => import('./popup-view'));

export type Popup = { id: number } & (
  | { kind: 'warning' | 'success'; title: string; body: string; resolve: () => void }
  | { kind: 'confirm'; title: string; body: string; confirmLabel: string; resolve: (ok: boolean) => void }
);
type NewPopup = Popup extends infer P ? (P extends Popup ? Omit<P, 'id'> : never) : never;
let nextId = 1;

type PopupApi = {
  /** A warning popup (SPEC.md §8): the body joins a failed call's `errors` with line breaks, else `fallback`. */
  warning: (error: unknown, fallback?: string, title?: string) => Promise<void>;
  success: (body: string, title?: string) => Promise<void>;
  /** A confirmation dialog with the #90722C confirm button; resolves true when confirmed. */
  confirm: (opts: { body: string; title?: string; confirmLabel?: string }) => Promise<boolean>;
};

const PopupContext = createContext<PopupApi | null>(null);

export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.errors).flat();
    if (fields.length) return fields.join('\n');
    if (error.status > 0 && error.status < 500 && error.message) return error.message;
  }
  return fallback;
}

export function PopupProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<Popup[]>([]);
  const current = queue[0];
  const tRef = useRef(t);
  tRef.current = t;

  const push = useCallback((p: NewPopup) => setQueue((q) => [...q, { ...p, id: nextId++ } as Popup]), []);
  const close = useCallback((ok: boolean) => {
    setQueue((q) => {
      const [head, ...rest] = q;
      if (head?.kind === 'confirm') head.resolve(ok);
      else head?.resolve();
      return rest;
    });
  }, []);

  const api = useMemo<PopupApi>(
    () => ({
      warning: (error, fallback, title) =>
        new Promise<void>((resolve) =>
          push({
            kind: 'warning',
            title: title ?? tRef.current('popup.errorOccurred'),
            body: errorText(error, fallback ?? tRef.current('popup.errorOccurred')),
            resolve,
          }),
        ),
      success: (body, title) =>
        new Promise<void>((resolve) =>
          push({ kind: 'success', title: title ?? tRef.current('popup.success'), body, resolve }),
        ),
      confirm: ({ body, title, confirmLabel }) =>
        new Promise<boolean>((resolve) =>
          push({
            kind: 'confirm',
            title: title ?? tRef.current('popup.confirmTitle'),
            body,
            confirmLabel: confirmLabel ?? tRef.current('actions.confirm'),
            resolve,
          }),
        ),
    }),
    [push],
  );

  return (
    <PopupContext.Provider value={api}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <PopupView key={current.id} popup={current} onClose={close} />
        </Suspense>
      )}
    </PopupContext.Provider>
  );
}

export function usePopup(): PopupApi {
  const ctx = useContext(PopupContext);
  if (!ctx) throw new Error('usePopup outside PopupProvider');
  return ctx;
}

/** A failed save: the server's field errors go to their fields, anything else is a warning popup. */
export function useSaveFailure<T extends FieldValues>(
  form: UseFormReturn<T>,
  fallback?: string,
  title?: string,
) {
  const popup = usePopup();
  return (error: unknown) => {
    if (!applyServerErrors(form, error)) void popup.warning(error, fallback, title);
  };
}
