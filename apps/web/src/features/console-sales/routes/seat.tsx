import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Pager } from '../../../components/console/data-table';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { useTableUrl } from '../../../components/console/use-table-url';
import uiStyles from '../../../components/console/console-ui.module.css';
import { Badge, Button, buttonClass, DataLoadError, Spinner } from '../../../components/ui';
import { consoleOrderPath, consolePaths } from '../../../config/console';
import { attendeesCsvHref, useSeatItem } from '../api/sales';
import { STATUS_TONE } from '../components/labels';
import styles from '../components/console-sales.module.css';
import { WaitingListPanel } from '../components/waiting-list';
import { formatClubDate } from '../../../lib/club-time';

/** One experience's seats and attendees: the figures, the list, its CSV and a printable page. */
export default function SeatPage() {
  const { t, i18n } = useTranslation('console-sales');
  const en = i18n.language === 'en';
  const id = Number(useParams().id);
  // The attendee list comes a page of 100 order lines at a time; the page stays in the address.
  const state = useTableUrl([], { sort: 'order', dir: 'asc' });
  const item = useSeatItem(Number.isSafeInteger(id) && id > 0 ? id : 0, state.page);
  const back = (
    <Link className={styles.backLink} to={consolePaths.seats}>
      {t('seats.back')}
    </Link>
  );
  if (item.isPending && item.fetchStatus !== 'idle') return <Spinner />;
  if (item.isError || !item.data)
    return (
      <>
        <ConsolePageHeader title={t('seats.notFoundTitle')} actions={back} />
        {item.isError && (item.error as { status?: number }).status !== 404 ? (
          <DataLoadError onRetry={() => void item.refetch()} />
        ) : (
          <p className={styles.muted}>{t('seats.notFound')}</p>
        )}
      </>
    );
  const { board, attendees, attendees_from: from, attendees_meta: pages, label, place } = item.data;
  const first = (pages.current_page - 1) * pages.per_page;
  const name = en ? board.name_en : board.name_pl;
  const figures = [
    ['capacity', board.capacity ?? t('seats.noCap')],
    ['sold', board.sold],
    ['held', board.held],
    ['heldForList', board.held_for_list],
    ['free', board.free ?? '∞'],
    ['waiting', board.waiting],
  ] as const;
  return (
    <div className={styles.printArea}>
      <ConsolePageHeader
        title={name}
        lead={[
          `${formatClubDate(board.start_date, i18n.language, 'long')}${board.start_time ? `, ${board.start_time}` : ''}`,
          place,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={
          <div className={`${styles.actionRow} ${styles.noPrint}`}>
            {back}
            <a
              className={buttonClass('secondary', 'small')}
              href={attendeesCsvHref(board.product_id)}
              download
            >
              {t('seats.csv')}
            </a>
            <Button size="small" onClick={() => window.print()}>
              {t('seats.print')}
            </Button>
          </div>
        }
      />
      <dl className={styles.figures} aria-label={t('seats.figures')}>
        {figures.map(([key, value]) => (
          <div key={key} className={styles.figure} data-testid={`seat-${key}`}>
            <dt>{t(`seats.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <WaitingListPanel productId={board.product_id} />
      <h2 className={styles.panelTitle}>{t('seats.attendees', { count: board.sold + board.held })}</h2>
      {pages.last_page > 1 && <p className={`${styles.muted} ${styles.noPrint}`}>{t('seats.pagesNote')}</p>}
      {attendees.length === 0 ? (
        <p className={uiStyles.empty}>{t('seats.noAttendees')}</p>
      ) : (
        <div className={uiStyles.tableBlock}>
          <div
            className={uiStyles.tableScroll}
            role="region"
            aria-label={t('seats.attendeeList')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take the keyboard
            tabIndex={0}
          >
            <table className={uiStyles.table}>
              <caption className="visually-hidden">{t('seats.attendeeList')}</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('seats.colOrder')}</th>
                  <th scope="col">{t('seats.colName')}</th>
                  <th scope="col">{t('seats.colRole')}</th>
                  <th scope="col">{t('seats.colContact')}</th>
                  {label && <th scope="col">{label}</th>}
                </tr>
              </thead>
              <tbody>
                {attendees.map((a, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a page is read whole, in order
                  <tr key={i}>
                    <td>{from + i}</td>
                    <td>
                      <span className={styles.stack}>
                        <Link to={consoleOrderPath(a.order_id)}>#{a.order_id}</Link>
                        <Badge tone={STATUS_TONE[a.status]}>{t(`status.${a.status}`)}</Badge>
                      </span>
                    </td>
                    <td>
                      <strong>{`${a.name} ${a.surname}`.trim()}</strong>
                    </td>
                    <td>{a.is_member ? t('order.attendeeMember') : t('order.attendeeGuest')}</td>
                    <td>
                      <span className={styles.stack}>
                        <span>{a.email ?? '—'}</span>
                        {a.phone && <span className={styles.muted}>{a.phone}</span>}
                      </span>
                    </td>
                    {label && <td>{a.label_answer ?? '—'}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages.last_page > 1 && (
            <div className={styles.noPrint}>
              <Pager
                page={pages}
                onPage={state.setPage}
                label={t('seats.attendeeList')}
                pageOf={(page, last) => t('seats.pageOf', { page, last, first: first + 1 })}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
