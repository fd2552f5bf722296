import { ADMIN_GALLERY_SORTS, type TAdminGalleryListQuery } from '@club/shared/schemas/admin-content';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddressParams } from '../../../lib/use-address-params';
import { LoadStatus } from '../../../components/console/load-status';
import { ConsolePageHeader } from '../../../components/console/page-header';
import { buttonClass, SelectField, TextField } from '../../../components/ui';
import { consoleGalleryPath, consolePaths } from '../../../config/console';
import { useGalleries, useGalleryOptions } from '../api/galleries';
import styles from '../components/galleries.module.css';
import { formatClubDate } from '../../../lib/club-time';

/** A page of tiles: one of the contract's page sizes (the API refuses any other, issue 28). */
const PER_PAGE = 25;
const SORTS = ADMIN_GALLERY_SORTS.flatMap((sort) => [`${sort}:desc`, `${sort}:asc`] as const);

/**
 * /panel/admin/galleries: every gallery as a tile (its picture, names, date, experience, photo count),
 * filtered by year and month as members filter them, and by text; sorted, a page at a time. The
 * filters, the sort and the page live in the address.
 */
export default function GalleriesList() {
  const { t, i18n } = useTranslation('console-galleries');
  const [search, setSearch] = useAddressParams();
  const en = i18n.language === 'en';
  const num = (name: string) => {
    const value = Number(search.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const [sort, dir] = (search.get('sort') ?? 'date:desc').split(':') as [
    TAdminGalleryListQuery['sort'],
    'asc' | 'desc',
  ];
  const query: TAdminGalleryListQuery = {
    page: num('page') ?? 1,
    per_page: PER_PAGE,
    sort: ADMIN_GALLERY_SORTS.includes(sort as never) ? sort : 'date',
    dir: dir === 'asc' ? 'asc' : 'desc',
    q: search.get('q') || undefined,
    year: num('year'),
    month: num('month'),
  };
  const list = useGalleries(query);
  const options = useGalleryOptions();
  const set = (changes: Record<string, string | undefined>) =>
    setSearch(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
      },
      { replace: true },
    );
  const years = options.data?.dates ?? [];
  const months = years.find((y) => y.year === query.year)?.months ?? [];
  const monthName = (m: number) =>
    new Intl.DateTimeFormat(en ? 'en-GB' : 'pl-PL', { month: 'long' }).format(new Date(2000, m - 1, 1));
  const date = (day: string) => formatClubDate(day, i18n.language, 'long');
  const meta = list.data?.meta;

  return (
    <>
      <ConsolePageHeader
        title={t('list.title')}
        lead={t('list.lead')}
        actions={
          <Link to={consolePaths.galleryNew} className={buttonClass('primary')}>
            {t('list.new')}
          </Link>
        }
      />
      <div role="search" className={styles.filters} aria-label={t('list.filters')}>
        <TextField
          label={t('list.search')}
          type="search"
          defaultValue={query.q ?? ''}
          onChange={(event) => set({ q: event.target.value.trim() || undefined })}
        />
        <SelectField
          label={t('list.year')}
          value={query.year === undefined ? '' : String(query.year)}
          onChange={(event) => set({ year: event.target.value || undefined, month: undefined })}
        >
          <option value="">{t('list.allYears')}</option>
          {years.map((y) => (
            <option key={y.year} value={y.year}>
              {y.year}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('list.month')}
          value={query.month === undefined ? '' : String(query.month)}
          disabled={!query.year}
          onChange={(event) => set({ month: event.target.value || undefined })}
        >
          <option value="">{t('list.allMonths')}</option>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthName(m)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('list.sort')}
          value={`${query.sort}:${query.dir}`}
          onChange={(event) => set({ sort: event.target.value })}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`list.sorts.${s.replace(':', '_')}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <LoadStatus query={list} />
      {meta && (
        <p className={styles.meta} role="status">
          {t('list.count', { count: meta.total })}
        </p>
      )}
      <ul className={styles.grid} aria-label={t('list.title')}>
        {(list.data?.data ?? []).map((g) => (
          <li key={g.id}>
            <Link to={consoleGalleryPath(g.id)} className={styles.tile}>
              {g.cover_url ? (
                <img
                  className={styles.cover}
                  src={g.cover_url}
                  srcSet={g.cover_srcset ?? undefined}
                  sizes="(max-width: 700px) 100vw, 320px"
                  alt=""
                  width={480}
                  height={320}
                  loading="lazy"
                />
              ) : (
                <span className={styles.noCover}>{t('list.noPhotos')}</span>
              )}
              <span className={styles.tileBody}>
                <span className={styles.tileTitle}>{en ? g.name_en : g.name_pl}</span>
                <span className={styles.meta}>
                  {date(g.date)} · {t('list.photos', { count: g.photos_count })}
                </span>
                {g.product && (
                  <span className={styles.meta}> · {en ? g.product.name_en : g.product.name_pl}</span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {meta && meta.last_page > 1 && (
        <nav className={styles.pager} aria-label={t('list.pages')}>
          <button
            type="button"
            className={buttonClass('secondary', 'small')}
            disabled={meta.current_page <= 1}
            onClick={() => set({ page: String(meta.current_page - 1) })}
          >
            {t('list.previous')}
          </button>
          <span>{t('list.page', { page: meta.current_page, pages: meta.last_page })}</span>
          <button
            type="button"
            className={buttonClass('secondary', 'small')}
            disabled={meta.current_page >= meta.last_page}
            onClick={() => set({ page: String(meta.current_page + 1) })}
          >
            {t('list.next')}
          </button>
        </nav>
      )}
    </>
  );
}
