import type { TWaitingList } from '@club/shared/contract/admin-orders';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import uiStyles from '../../../components/console/console-ui.module.css';
import { Button, DataLoadError, Spinner, usePopup } from '../../../components/ui';
import { useWaitingList, useWaitingListAction, type WaitingListAction } from '../api/sales';
import styles from './console-sales.module.css';

/**
 * The seat board's waiting list (issue 28, docs/waiting-list.md): who holds a seat and until when,
 * who is in line (name, e-mail, since when, position); staff pass a held seat on to the next member
 * or take a member off the line, each after a confirmation.
 */
export function WaitingListPanel({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('console-sales');
  const popup = usePopup();
  const list = useWaitingList(productId);
  const action = useWaitingListAction(productId);
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Warsaw',
      }),
    [i18n.language],
  );
  const fullName = (m: { name: string; surname: string; email: string }) =>
    `${m.name} ${m.surname}`.trim() || m.email;

  const act = async (what: WaitingListAction, member: { name: string; surname: string; email: string }) => {
    const name = fullName(member);
    const ok = await popup.confirm({
      title: what.kind === 'passOn' ? t('waitingList.passOnTitle') : t('waitingList.removeTitle'),
      body:
        what.kind === 'passOn'
          ? t('waitingList.passOnConfirm', { name })
          : t('waitingList.removeConfirm', { name }),
      confirmLabel: what.kind === 'passOn' ? t('waitingList.passOn') : t('waitingList.remove'),
    });
    if (!ok) return;
    try {
      await action.mutateAsync(what);
      await popup.success(
        what.kind === 'passOn' ? t('waitingList.passedOn', { name }) : t('waitingList.removed', { name }),
      );
    } catch (error) {
      await popup.warning(error, t('actions.failed'));
    }
  };

  return (
    <section className={`${styles.noPrint} ${styles.waitingList}`} aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title" className={styles.panelTitle}>
        {t('waitingList.title')}
      </h2>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <DataLoadError onRetry={() => void list.refetch()} />
      ) : (
        <WaitingListTables
          data={list.data}
          when={when}
          busy={action.isPending}
          onPassOn={(h) => void act({ kind: 'passOn', offerId: h.offer_id }, h)}
          onRemove={(m) => void act({ kind: 'remove', userId: m.user_id }, m)}
        />
      )}
    </section>
  );
}

type Held = TWaitingList['held'][number];
type InLine = TWaitingList['line'][number];

function WaitingListTables({
  data,
  when,
  busy,
  onPassOn,
  onRemove,
}: {
  data: TWaitingList;
  when: Intl.DateTimeFormat;
  busy: boolean;
  onPassOn: (h: Held) => void;
  onRemove: (m: InLine | Held) => void;
}) {
  const { t } = useTranslation('console-sales');
  const name = (m: { name: string; surname: string }) => `${m.name} ${m.surname}`.trim() || '—';
  return (
    <>
      <h3 className={styles.subTitle}>{t('waitingList.heldTitle', { count: data.held.length })}</h3>
      {data.held.length === 0 ? (
        <p className={uiStyles.empty}>{t('waitingList.noHeld')}</p>
      ) : (
        <div
          className={uiStyles.tableScroll}
          role="region"
          aria-label={t('waitingList.heldTitle', { count: data.held.length })}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard
          tabIndex={0}
        >
          <table className={uiStyles.table}>
            <caption className="visually-hidden">
              {t('waitingList.heldTitle', { count: data.held.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('waitingList.colMember')}</th>
                <th scope="col">{t('waitingList.colEmail')}</th>
                <th scope="col">{t('waitingList.colOffered')}</th>
                <th scope="col">{t('waitingList.colUntil')}</th>
                <th scope="col">{t('waitingList.colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.held.map((h) => (
                <tr key={h.offer_id}>
                  <th scope="row">{name(h)}</th>
                  <td>{h.email}</td>
                  <td>{when.format(new Date(h.offered_at))}</td>
                  <td>{when.format(new Date(h.expires_at))}</td>
                  <td>
                    <span className={styles.actionRow}>
                      <Button size="small" variant="secondary" disabled={busy} onClick={() => onPassOn(h)}>
                        {t('waitingList.passOn')}
                      </Button>
                      <Button size="small" variant="ghost" disabled={busy} onClick={() => onRemove(h)}>
                        {t('waitingList.remove')}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className={styles.subTitle}>{t('waitingList.lineTitle', { count: data.line.length })}</h3>
      {data.line.length === 0 ? (
        <p className={uiStyles.empty}>{t('waitingList.noLine')}</p>
      ) : (
        <div
          className={uiStyles.tableScroll}
          role="region"
          aria-label={t('waitingList.lineTitle', { count: data.line.length })}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard
          tabIndex={0}
        >
          <table className={uiStyles.table}>
            <caption className="visually-hidden">
              {t('waitingList.lineTitle', { count: data.line.length })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('waitingList.colPosition')}</th>
                <th scope="col">{t('waitingList.colMember')}</th>
                <th scope="col">{t('waitingList.colEmail')}</th>
                <th scope="col">{t('waitingList.colSince')}</th>
                <th scope="col">{t('waitingList.colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.line.map((m) => (
                <tr key={m.user_id}>
                  <td>{m.position}</td>
                  <th scope="row">{name(m)}</th>
                  <td>{m.email}</td>
                  <td>{when.format(new Date(m.since))}</td>
                  <td>
                    <Button size="small" variant="ghost" disabled={busy} onClick={() => onRemove(m)}>
                      {t('waitingList.remove')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
