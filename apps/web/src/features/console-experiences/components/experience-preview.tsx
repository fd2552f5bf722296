import type { TProductDetail } from '@club/shared';
import { productAction } from '@club/shared/availability';
import type { TAdminCatalogOptions, TAdminPhoto } from '@club/shared/contract/admin-catalog';
import type { ExperienceStatus } from '@club/shared/schemas/admin-catalog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductCardView } from '../../../components/experience/product-card-view';
import { ProductView } from '../../../components/experience/product-view';
import { Button } from '../../../components/ui';
import { useSafeHtml } from '../../../components/ui/light-html';
import type { ExperienceFormValues } from './form-values';
import styles from './console-experiences.module.css';

/** Sales close the day before the start (apps/server member-flags.ts); the preview says what a member would see today. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The experience as a member (a customer holding nothing) would receive it from the API, built from
 * the form's current values: the same shape, the same availability rules (SPEC.md §4).
 */
export function previewProduct(
  v: ExperienceFormValues,
  options: TAdminCatalogOptions,
  photos: TAdminPhoto[],
  status: ExperienceStatus,
  lang: 'pl' | 'en',
): TProductDetail {
  const en = lang === 'en';
  const category = options.categories.find((c) => c.id === Number(v.category_id)) ?? options.categories[0];
  const published = status === 'announced' ? 2 : 1;
  const start = v.start_date || today();
  const seats =
    v.total_seats === null || v.total_seats === undefined || Number.isNaN(v.total_seats)
      ? null
      : Number(v.total_seats);
  const seatsLeft = seats === null ? 999 : Math.max(0, seats);
  const salesOpen = start > today();
  const cover = photos.find((p) => p.is_cover) ?? photos[0];
  const text = (pl?: string | null, enText?: string | null) => (en ? enText : pl) ?? '';
  return {
    id: 0,
    name: text(v.name_pl, v.name_en) || '—',
    alias: v.alias ?? '',
    category: {
      id: category?.id ?? 0,
      name: (en ? category?.name_en : category?.name_pl) ?? '',
      banner_url: category?.banner_url ?? null,
      banner_srcset: category?.banner_srcset ?? null,
      banner_mobile_url: category?.banner_mobile_url ?? null,
      banner_mobile_srcset: category?.banner_mobile_srcset ?? null,
    },
    type: v.type,
    description: text(v.description_pl, v.description_en),
    ann_description: published === 2 ? text(v.ann_description_pl, v.ann_description_en) || null : null,
    start_date: start,
    start_time: v.start_time || null,
    end_date: v.end_date || null,
    end_time: v.end_time || null,
    place: text(v.place_pl, v.place_en),
    price: Number.isFinite(Number(v.price)) ? Number(v.price) : 0,
    published,
    image: cover?.file ?? null,
    image_url: cover?.file_url ?? null,
    image_srcset: cover?.srcset ?? null,
    image_mobile_url: null,
    image_mobile_srcset: null,
    video_id: v.video_id || null,
    video_url: v.video_id ? `/panel/media/${v.video_id}` : null,
    contact_email: v.contact_email || null,
    contact_phone: v.contact_phone || null,
    can_order: published === 1 && salesOpen && seatsLeft > 0,
    can_set_notification: salesOpen && published === 2,
    is_set_notification: false,
    in_cart: false,
    limit_reached: false,
    is_past: start < today(),
    limit: Number(v.member_limit) || 1,
    overall_limit: seatsLeft > 0 ? seatsLeft : null,
    status_limit: Number(v.status_limit) || 0,
    held_until: null,
    event_images_count: 0,
    gallery_id: null,
    files: [],
    images: photos.map((p) => ({
      file: p.file,
      file_url: p.file_url,
      srcset: p.srcset,
      caption: en ? p.caption_en : p.caption_pl,
    })),
    partners: options.partners
      .filter((p) => (v.partner_ids ?? []).includes(p.id))
      .map((p) => ({ name: p.name, url: null, image: null, image_url: p.image_url })),
  };
}

/** The member's button as the card and the page show it, inert in the preview. */
function PreviewAction({ product, lang }: { product: TProductDetail; lang: 'pl' | 'en' }) {
  const { t } = useTranslation('experiences', { lng: lang });
  const action = productAction(product);
  const label =
    action.kind === 'order'
      ? t('addToCart')
      : action.kind === 'waiting-list'
        ? t('joinWaitingList')
        : action.kind === 'notify-when-published'
          ? t('notifyWhenPublished')
          : action.kind === 'gallery'
            ? t('viewGallery')
            : null;
  if (!label) return null;
  return (
    <Button size="small" disabled aria-disabled="true">
      {label}
    </Button>
  );
}

/** The card and the page of the experience as a member will see them, in Polish and in English. */
export function ExperiencePreview({
  values,
  options,
  photos,
  status,
}: {
  values: ExperienceFormValues;
  options: TAdminCatalogOptions;
  photos: TAdminPhoto[];
  status: ExperienceStatus;
}) {
  const { t } = useTranslation('console-experiences');
  const [lang, setLang] = useState<'pl' | 'en'>('pl');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const product = previewProduct(values, options, photos, status, lang);
  const description = useSafeHtml(product.description);
  const announcement = useSafeHtml(product.ann_description);
  return (
    <section className={styles.section} aria-labelledby={titleId} data-testid="experience-preview">
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('preview.title')}
      </h2>
      <p className={styles.hint}>{t('preview.lead')}</p>
      <div className={styles.previewTabs}>
        <Button variant="secondary" size="small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('preview.hide') : t('preview.show')}
        </Button>
        {open && (
          <div role="group" aria-label={t('preview.language')} className={styles.previewTabs}>
            {(['pl', 'en'] as const).map((l) => (
              <Button
                key={l}
                size="small"
                variant={lang === l ? 'primary' : 'ghost'}
                aria-pressed={lang === l}
                onClick={() => setLang(l)}
              >
                {l === 'pl' ? 'Polski' : 'English'}
              </Button>
            ))}
          </div>
        )}
      </div>
      {open && (
        <div className={styles.previewFrame}>
          <div>
            <p className={styles.previewLabel}>{t('preview.card')}</p>
            <ProductCardView
              product={product}
              href={null}
              lang={lang}
              actions={<PreviewAction product={product} lang={lang} />}
            />
          </div>
          <div>
            <p className={styles.previewLabel}>{t('preview.page')}</p>
            <ProductView
              product={product}
              description={description}
              announcement={announcement}
              lang={lang}
              titleId={`${titleId}-page`}
              actions={<PreviewAction product={product} lang={lang} />}
            />
          </div>
        </div>
      )}
    </section>
  );
}
