import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText, usePopup, Button } from '../../../components/ui';
import { ApiError } from '../../../lib/api-client';
import { isStale, StaleNotice as ConsoleStaleNotice } from '../../../components/console/stale-notice';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/ui/icons';

export { isStale };

/**
 * What a failed save does: field errors (422) go on the form's fields (the server names them
 * `<prefix>.<field>`), a stale version (409) is left to the screen's StaleNotice, anything else is a
 * warning popup. Returns nothing; the form keeps what was typed.
 */
export function useSaveFailure() {
  const popup = usePopup();
  const { t } = useTranslation('console-content');
  return <T extends FieldValues, V>(error: unknown, form?: UseFormReturn<T, unknown, V>, prefix = '') => {
    if (isStale(error)) return;
    if (form && error instanceof ApiError && error.status === 422) {
      let applied = false;
      for (const [field, messages] of Object.entries(error.errors)) {
        const name = prefix && field.startsWith(`${prefix}.`) ? field.slice(prefix.length + 1) : field;
        if (messages[0] && name in form.getValues()) {
          form.setError(name as Path<T>, { type: 'server', message: messages[0] });
          applied = true;
        }
      }
      if (applied) return;
    }
    void popup.warning(error, errorText(error, t('saveFailed')));
  };
}

/** The console's stale-save notice with the content screens' words. */
export function StaleNotice(props: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation('console-content');
  return <ConsoleStaleNotice reloadLabel={t('reload')} {...props} />;
}

/** Earlier / later buttons: the keyboard's (and everyone's) way to reorder a list. */
export function MoveButtons({
  index,
  count,
  name,
  onMove,
  disabled,
}: {
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('console-content');
  return (
    <>
      <Button
        variant="ghost"
        size="small"
        aria-label={t('moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        variant="ghost"
        size="small"
        aria-label={t('moveDown', { name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDownIcon />
      </Button>
    </>
  );
}

/** The ids with one moved from `from` to `to`. */
export function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}
