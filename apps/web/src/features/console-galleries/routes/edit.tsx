import type { TAdminPhoto } from '@club/shared/contract/admin-catalog';
import type { TAdminGallery } from '@club/shared/contract/admin-galleries';
import { ZAdminGalleryInput } from '@club/shared/schemas/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PhotoUploader } from '../../../components/admin/photo-uploader';
import { isStale, StaleNotice } from '../../../components/console/stale-notice';
import { NameFields } from '../../../components/console/name-fields';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Button,
  buttonClass,
  DataLoadError,
  errorText,
  SelectField,
  Spinner,
  TextField,
  useFieldErrorText,
  usePopup,
  TitledSection,
} from '../../../components/ui';
import { consoleGalleryPath, consolePaths } from '../../../config/console';
import { ApiError } from '../../../lib/api-client';
import {
  type GalleryValues,
  galleriesKey,
  galleryCalls,
  galleryKey,
  useGallery,
  useGalleryOptions,
} from '../api/galleries';
import styles from '../components/galleries.module.css';
import { PhotoPeople } from '../components/photo-people';

/** /panel/admin/galleries/new and /panel/admin/galleries/:id: the gallery's details, then its photos. */
export default function GalleryEdit() {
  const { t } = useTranslation('console-galleries');
  const { id } = useParams();
  const galleryId = id && /^\d+$/.test(id) ? Number(id) : null;
  const gallery = useGallery(galleryId);
  const options = useGalleryOptions();
  const ready = options.data && (galleryId === null || gallery.data);
  return (
    <>
      <ConsolePageHeader
        title={galleryId === null ? t('edit.newTitle') : t('edit.title')}
        lead={t('edit.lead')}
        actions={
          <Link to={consolePaths.galleries} className={buttonClass('secondary')}>
            {t('edit.back')}
          </Link>
        }
      />
      {(gallery.isError || options.isError) && <DataLoadError />}
      {!ready && !gallery.isError && !options.isError && <Spinner />}
      {ready && <Details key={gallery.data?.id ?? 'new'} gallery={gallery.data ?? null} />}
      {gallery.data && <Photos gallery={gallery.data} />}
    </>
  );
}

const ZForm = ZAdminGalleryInput.extend({
  product_id: z.string().transform((v) => (v ? Number(v) : null)),
  category_id: z.string().transform((v) => (v ? Number(v) : null)),
});

function Details({ gallery }: { gallery: TAdminGallery | null }) {
  const { t, i18n } = useTranslation('console-galleries');
  const en = i18n.language === 'en';
  const fieldError = useFieldErrorText();
  const popup = usePopup();
  const navigate = useNavigate();
  const client = useQueryClient();
  const options = useGalleryOptions().data!;
  const [stale, setStale] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const valuesOf = (g: TAdminGallery | null) => ({
    name_pl: g?.name_pl ?? '',
    name_en: g?.name_en ?? '',
    date: g?.date ?? '',
    product_id: g?.product_id ? String(g.product_id) : '',
    category_id: g?.category_id ? String(g.category_id) : '',
  });
  const form = useForm<z.input<typeof ZForm>, unknown, GalleryValues>({
    resolver: zodResolver(ZForm),
    defaultValues: valuesOf(gallery),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      if (gallery) {
        const data = await galleryCalls.update({ id: gallery.id, version: gallery.version, gallery: values });
        client.setQueryData(galleryKey(gallery.id), data);
        form.reset(valuesOf(data));
        setSaved(true);
      } else {
        const data = await galleryCalls.create(values);
        client.setQueryData(galleryKey(data.id), data);
        navigate(consoleGalleryPath(data.id), { replace: true });
      }
      void client.invalidateQueries({ queryKey: galleriesKey });
    } catch (error) {
      if (isStale(error)) return setStale(error);
      if (error instanceof ApiError && error.status === 422) {
        for (const [field, messages] of Object.entries(error.errors)) {
          const name = field.replace(/^gallery\./, '') as keyof GalleryValues;
          if (messages[0]) form.setError(name, { type: 'server', message: messages[0] });
        }
        return;
      }
      void popup.warning(error, errorText(error, t('edit.saveFailed')));
    }
  });
  const remove = async () => {
    if (!gallery) return;
    const ok = await popup.confirm({
      title: t('edit.removeTitle'),
      body: t('edit.removeBody', {
        name: en ? gallery.name_en : gallery.name_pl,
        count: gallery.photos.length,
      }),
      confirmLabel: t('edit.remove'),
    });
    if (!ok) return;
    try {
      await galleryCalls.remove(gallery.id);
      void client.invalidateQueries({ queryKey: galleriesKey });
      navigate(consolePaths.galleries);
    } catch (error) {
      void popup.warning(error);
    }
  };

  return (
    <form className={styles.panel} onSubmit={submit} noValidate>
      <h2 className={styles.panelTitle}>{t('edit.details')}</h2>
      <StaleNotice
        error={stale}
        reloadLabel={t('edit.reload')}
        onReload={async () => {
          setStale(null);
          if (!gallery) return;
          const fresh = await client.fetchQuery({
            queryKey: galleryKey(gallery.id),
            queryFn: () => galleryCalls.item(gallery.id),
            staleTime: 0,
          });
          form.reset(valuesOf(fresh));
        }}
      />
      <div className={styles.columns}>
        <NameFields form={form} labels={{ pl: t('edit.namePl'), en: t('edit.nameEn') }} />
        <TextField
          label={t('edit.date')}
          type="date"
          required
          hint={t('edit.dateHint')}
          error={fieldError(errors.date)}
          {...form.register('date')}
        />
        <SelectField
          label={t('edit.product')}
          error={fieldError(errors.product_id)}
          {...form.register('product_id')}
        >
          <option value="">{t('edit.noProduct')}</option>
          {options.products.map((p) => (
            <option key={p.id} value={p.id}>
              {en ? p.name_en : p.name_pl} ({p.start_date})
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('edit.category')}
          error={fieldError(errors.category_id)}
          {...form.register('category_id')}
        >
          <option value="">{t('edit.categoryOfProduct')}</option>
          {options.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {en ? c.name_en : c.name_pl}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.formActions}>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {gallery ? t('edit.save') : t('edit.create')}
        </Button>
        {gallery && (
          <Button variant="danger" onClick={remove}>
            {t('edit.remove')}
          </Button>
        )}
        <span role="status">{saved && !form.formState.isDirty ? t('edit.saved') : ''}</span>
      </div>
    </form>
  );
}

function Photos({ gallery }: { gallery: TAdminGallery }) {
  const { t } = useTranslation('console-galleries');
  const client = useQueryClient();
  const setPhotos = (photos: (current: TAdminPhoto[]) => TAdminPhoto[]) => {
    client.setQueryData<TAdminGallery>(galleryKey(gallery.id), (g) =>
      g ? { ...g, photos: photos(g.photos) } : g,
    );
    void client.invalidateQueries({ queryKey: galleriesKey });
  };
  return (
    <TitledSection
      id="gallery-photos"
      title={t('edit.photos')}
      look={{ section: styles.panel, title: styles.panelTitle }}
    >
      <PhotoUploader
        uploadPath={galleryCalls.uploadPath(gallery.id)}
        photos={gallery.photos}
        onUploaded={(photo) => setPhotos((list) => [...list, photo])}
        onReorder={async (ids) => {
          const photos = await galleryCalls.order(gallery.id, ids);
          setPhotos(() => photos);
        }}
        onCaptions={async (photoId, captions) => {
          const photo = await galleryCalls.caption(gallery.id, photoId, captions);
          setPhotos((list) => list.map((p) => (p.id === photo.id ? photo : p)));
        }}
        onRemove={async (photoId) => {
          const photos = await galleryCalls.removePhoto(gallery.id, photoId);
          setPhotos(() => photos);
        }}
        onCover={async (photoId) => {
          const photos = await galleryCalls.cover(gallery.id, photoId);
          setPhotos(() => photos);
        }}
        photoActions={(photo, number) => (
          <PhotoPeople galleryId={gallery.id} photoId={photo.id} number={number} />
        )}
      />
    </TitledSection>
  );
}
