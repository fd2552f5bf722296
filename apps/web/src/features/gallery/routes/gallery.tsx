import type { TGallery } from '@club/shared';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/use-address-params';
import {
  Button,
  DataLoadError,
  EmptyState,
  PageHeader,
  ResponsiveImage,
  Spinner,
  selectClass,
  usePopup,
} from '../../../components/ui';
import { Slideshow } from '../../../components/ui/slideshow';
import { useGalleries, useGallery, useGalleryDates } from '../api/get-galleries';
import styles from '../components/gallery.module.css';

/** Gallery tiles: minmax(280px, 1fr) in the 1240 px container (gallery.module.css). */
const TILE_SIZES = '(max-width: 640px) calc(100vw - 32px), (max-width: 1100px) 50vw, 400px';

const toNumber = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * /gallery: year and month filters (kept in the address), tiles with 'load more', and a slideshow.
 * `?gallery={id}` opens one gallery's slideshow: a past experience's 'view gallery' lands here.
 */
export default function GalleryPage() {
  const { t, i18n } = useTranslation('gallery');
  const popup = usePopup();
  const [search, setSearch] = useAddressParams();
  const year = toNumber(search.get('year'));
  const month = year ? toNumber(search.get('month')) : undefined;
  const openId = toNumber(search.get('gallery')) ?? null;
  const dates = useGalleryDates();
  const list = useGalleries({ year, month });
  const open = useGallery(openId);
  const yearId = useId();
  const monthId = useId();

  // Filters replace the history entry; opening a gallery adds one, so Back closes it.
  const update = (changes: Record<string, string | undefined>) =>
    setSearch(
      (next) => {
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, v);
        }
      },
      { replace: !('gallery' in changes) },
    );

  const monthName = (m: number) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', { month: 'long' }).format(
      new Date(2000, m - 1, 15),
    );
  const months = dates.data?.find((d) => d.year === year)?.months ?? [];
  const galleries = list.data?.pages.flatMap((p) => p.data) ?? [];
  const fetchMore = () => void list.fetchNextPage();

  const openFailed = open.isError && openId !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per failure
  useEffect(() => {
    if (openFailed) void popup.warning(undefined, t('openFailed')).then(() => update({ gallery: undefined }));
  }, [openFailed]);

  const formatDate = (g: TGallery) =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pl-PL', {
      month: 'long',
      year: 'numeric',
    }).format(new Date(`${g.date}T12:00:00`));

  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} subtitle={t('subtitle')} />
      <div className="container">
        <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label={t('filters')}>
          <div className={styles.filter}>
            <label htmlFor={yearId}>{t('year')}</label>
            <select
              id={yearId}
              className={selectClass}
              value={year ?? ''}
              onChange={(e) => update({ year: e.target.value || undefined, month: undefined })}
              disabled={!dates.data}
            >
              <option value="">{t('allYears')}</option>
              {dates.data?.map((d) => (
                <option key={d.year} value={d.year}>
                  {d.year}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.filter}>
            <label htmlFor={monthId}>{t('month')}</label>
            <select
              id={monthId}
              className={selectClass}
              value={month ?? ''}
              onChange={(e) => update({ month: e.target.value || undefined })}
              disabled={!year}
            >
              <option value="">{t('allMonths')}</option>
              {months.map((m) => (
                <option key={m} value={m}>
                  {monthName(m)}
                </option>
              ))}
            </select>
          </div>
        </form>
        {dates.isError && <DataLoadError onRetry={() => void dates.refetch()} />}

        {list.isPending && (
          <div className={styles.loading} role="status">
            <Spinner />
          </div>
        )}
        {list.isError && <DataLoadError onRetry={() => void list.refetch()} />}
        {list.isSuccess && galleries.length === 0 && (
          <EmptyState>
            <p>{t('empty')}</p>
          </EmptyState>
        )}
        {galleries.length > 0 && (
          <ul className={styles.tiles} data-testid="gallery-tiles">
            {galleries.map((g) => (
              <li key={g.id}>
                <button
                  type="button"
                  className={styles.tile}
                  onClick={() => update({ gallery: String(g.id) })}
                >
                  {g.image_url && (
                    <ResponsiveImage
                      picture={{ url: g.image_url, srcset: g.image_srcset, sizes: TILE_SIZES }}
                      loading="lazy"
                    />
                  )}
                  <span className={styles.tileText}>
                    <span className={styles.tileMeta}>
                      {formatDate(g)}
                      {g.category_name && ` · ${g.category_name}`}
                    </span>
                    <span className={styles.tileName}>{g.name}</span>
                    <span className={styles.tileCount}>{t('photos', { count: g.images_count })}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {list.isFetchNextPageError && <DataLoadError onRetry={fetchMore} />}
        {list.hasNextPage && (
          <div className={styles.more}>
            <Button variant="secondary" onClick={fetchMore} loading={list.isFetchingNextPage}>
              {t('common:actions.loadMore')}
            </Button>
          </div>
        )}
      </div>
      <Slideshow
        open={openId !== null && Boolean(open.data)}
        onOpenChange={(o) => !o && update({ gallery: undefined })}
        title={open.data?.name ?? ''}
        slides={(open.data?.images ?? []).map((image, i) => ({
          src: image.file_url,
          srcSet: image.srcset,
          // The operator's caption (plain text: React escapes it), else 'Photo n of <gallery>'.
          alt: image.caption || t('photoOf', { name: open.data?.name ?? '', number: i + 1 }),
        }))}
      />
    </>
  );
}
