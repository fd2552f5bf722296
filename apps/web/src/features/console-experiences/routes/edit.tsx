import type { TAdminCatalogOptions, TAdminProduct } from '@club/shared/contract/admin-catalog';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PhotoUploader } from '../../../components/admin/photo-uploader';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Badge,
  Button,
  buttonClass,
  Dialog,
  Spinner,
  applyServerErrors,
  usePopup,
} from '../../../components/ui';
import { consoleExperiencePath, consolePaths } from '../../../config/console';
import { ApiError } from '../../../lib/api-client';
import {
  cartsHolding,
  type StateAction,
  useCatalogOptions,
  useChangeState,
  useCreateExperience,
  useDuplicateExperience,
  useExperience,
  usePhotoActions,
  useSaveExperience,
} from '../api/experiences';
import { ExperienceForm, useExperienceForm } from '../components/experience-form';
import { ExperiencePreview } from '../components/experience-preview';
import { emptyValues, type ExperienceFormValues, valuesOf } from '../components/form-values';
import styles from '../components/console-experiences.module.css';

/** One experience in the console: the form, the publishing state, the photos and the member preview. */
export default function ExperienceEditPage() {
  const { t } = useTranslation('console-experiences');
  const params = useParams();
  const isNew = params.id === 'new';
  const id = isNew ? null : Number(params.id);
  const options = useCatalogOptions();
  const product = useExperience(id !== null && Number.isSafeInteger(id) && id > 0 ? id : null);

  const failed = options.isError || product.isError;
  const notFound = product.error instanceof ApiError && product.error.status === 404;
  const ready = options.data && (isNew || product.data);
  return (
    <>
      <ConsolePageHeader
        title={isNew || !product.data ? t('edit.newTitle') : t('edit.title', { name: product.data.name_pl })}
        lead={t('edit.lead')}
        actions={
          <Link className={buttonClass('ghost', 'small')} to={consolePaths.experiences}>
            {t('edit.back')}
          </Link>
        }
      />
      {failed ? (
        <div className={`${styles.notice} ${styles.noticeError}`} role="alert">
          <p>{notFound ? t('edit.notFound') : t('edit.loadFailed')}</p>
          {!notFound && (
            <Button
              size="small"
              variant="secondary"
              onClick={() => void Promise.all([options.refetch(), product.refetch()])}
            >
              {t('edit.retry')}
            </Button>
          )}
        </div>
      ) : !ready ? (
        <Spinner />
      ) : isNew ? (
        <NewExperience options={options.data!} />
      ) : (
        // A new version read from the server (after a reload) starts the form afresh.
        <EditExperience
          key={product.data!.id}
          product={product.data!}
          options={options.data!}
          refetch={product.refetch}
        />
      )}
    </>
  );
}

/** Why a save or a creation failed, above the form (field errors stand under their fields). */
function SaveError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
      {error}
    </p>
  );
}

/** The photos' part of the page: the uploader once the experience exists, a word that it must first. */
function PhotosSection({ titleId, children }: { titleId: string; children: ReactNode }) {
  const { t } = useTranslation('console-experiences');
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('sections.photos')}
      </h2>
      {children}
    </section>
  );
}

function NewExperience({ options }: { options: TAdminCatalogOptions }) {
  const { t } = useTranslation('console-experiences');
  const navigate = useNavigate();
  const form = useExperienceForm(emptyValues(options));
  const create = useCreateExperience();
  const [error, setError] = useState<string | null>(null);
  const submit = (values: ExperienceFormValues) => {
    setError(null);
    create.mutate(values, {
      onSuccess: (product) =>
        navigate(consoleExperiencePath(product.id), { state: { message: t('edit.created') } }),
      onError: (e) => {
        if (!applyServerErrors(form, e)) setError((e as Error).message);
      },
    });
  };
  return (
    <div className={styles.layout}>
      <SaveError error={error} />
      <ExperienceForm
        form={form}
        options={options}
        onSubmit={submit}
        submitLabel={t('edit.create')}
        saving={create.isPending}
      />
      <PhotosSection titleId="photos-later">
        <p className={styles.hint}>{t('sections.photosLater')}</p>
      </PhotosSection>
      <ExperiencePreview values={form.watch()} options={options} photos={[]} status="draft" />
    </div>
  );
}

function EditExperience({
  product,
  options,
  refetch,
}: {
  product: TAdminProduct;
  options: TAdminCatalogOptions;
  refetch: () => Promise<unknown>;
}) {
  const { t } = useTranslation('console-experiences');
  const navigate = useNavigate();
  const form = useExperienceForm(valuesOf(product));
  const save = useSaveExperience(product.id);
  const popup = usePopup();
  const change = useChangeState(product.id);
  const duplicate = useDuplicateExperience();
  const photos = usePhotoActions(product.id);
  const [message, setMessage] = useState<string | null>(
    (window.history.state?.usr as { message?: string } | undefined)?.message ?? null,
  );
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  // The version this form was read at: a save sends it, the server refuses it if someone saved since.
  const [version, setVersion] = useState(product.version);

  const failed = (e: unknown) => {
    if (e instanceof ApiError && e.code === 'STALE') {
      setStale(e.message);
      return;
    }
    if (!applyServerErrors(form, e)) setError((e as Error).message);
  };

  /**
   * A new price reaches the members who hold the experience in their cart (their cart then says it
   * changed): staff are told how many before the save, and may keep the old price (issue 28).
   */
  const priceChangeAccepted = async (values: ExperienceFormValues) => {
    const before = form.formState.defaultValues?.price;
    if (values.price === null || before === undefined || Number(values.price) === Number(before)) return true;
    const { carts } = await cartsHolding(product.id);
    if (carts === 0) return true;
    return popup.confirm({
      title: t('edit.priceInCartsTitle'),
      body: t('edit.priceInCarts', { count: carts }),
      confirmLabel: t('edit.priceInCartsConfirm'),
    });
  };

  const submit = async (values: ExperienceFormValues) => {
    setError(null);
    setMessage(null);
    try {
      if (!(await priceChangeAccepted(values))) return;
    } catch (e) {
      failed(e);
      return;
    }
    save.mutate(
      { version, product: values },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          form.reset(valuesOf(saved));
          setMessage(t('edit.saved'));
        },
        onError: failed,
      },
    );
  };

  const act = async (action: StateAction) => {
    // Publishing shows the experience to every member at once: it is confirmed first, as an invoice is.
    if (action === 'publish' || action === 'announce') {
      const ok = await popup.confirm({
        title: t(`edit.${action}ConfirmTitle`),
        body: t(`edit.${action}Confirm`),
        confirmLabel: t(`edit.${action}`),
      });
      if (!ok) return;
    }
    setError(null);
    setMessage(null);
    change.mutate(
      { action, version },
      {
        onSuccess: (saved) => {
          setVersion(saved.version);
          setMessage(t('edit.stateChanged', { status: t(`status.${saved.status}`) }));
        },
        onError: failed,
      },
    );
  };

  const reload = async () => {
    setStale(null);
    const fresh = (await refetch()) as { data?: TAdminProduct };
    if (fresh.data) {
      setVersion(fresh.data.version);
      form.reset(valuesOf(fresh.data));
    }
  };

  const dirty = form.formState.isDirty;
  const status = product.status;
  return (
    <div className={styles.layout}>
      <div className={styles.statusBar}>
        <Badge tone={status === 'on_sale' ? 'gold' : undefined}>{t(`status.${status}`)}</Badge>
        <p className={styles.statusText}>{t('edit.version', { version })}</p>
        {status !== 'on_sale' && (
          <Button
            size="small"
            disabled={dirty}
            loading={change.isPending}
            onClick={() => void act('publish')}
          >
            {t('edit.publish')}
          </Button>
        )}
        {status !== 'announced' && (
          <Button size="small" variant="secondary" disabled={dirty} onClick={() => void act('announce')}>
            {t('edit.announce')}
          </Button>
        )}
        {(status === 'on_sale' || status === 'announced') && (
          <Button size="small" variant="secondary" disabled={dirty} onClick={() => void act('unpublish')}>
            {t('edit.unpublish')}
          </Button>
        )}
        {status === 'archived' ? (
          <Button size="small" variant="secondary" disabled={dirty} onClick={() => void act('unpublish')}>
            {t('edit.restore')}
          </Button>
        ) : (
          <Button size="small" variant="danger" disabled={dirty} onClick={() => void act('archive')}>
            {t('edit.archive')}
          </Button>
        )}
        <Button
          size="small"
          variant="ghost"
          loading={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(product.id, {
              onSuccess: (copy) =>
                navigate(consoleExperiencePath(copy.id), { state: { message: t('edit.duplicated') } }),
              onError: failed,
            })
          }
        >
          {t('edit.duplicate')}
        </Button>
        {dirty && <p className={styles.statusText}>{t('edit.unsaved')}</p>}
      </div>
      {message && (
        <p className={styles.notice} role="status">
          {message}
        </p>
      )}
      <SaveError error={error} />
      <ExperienceForm
        form={form}
        options={options}
        seatsTaken={product.seats_taken}
        onSubmit={submit}
        submitLabel={t('edit.save')}
        saving={save.isPending}
      />
      <PhotosSection titleId="photos-title">
        <PhotoUploader
          uploadPath={photos.uploadPath}
          photos={product.photos}
          onUploaded={photos.uploaded}
          onReorder={photos.reorder}
          onCaptions={photos.captions}
          onCover={photos.cover}
          onRemove={photos.remove}
        />
      </PhotosSection>
      <ExperiencePreview values={form.watch()} options={options} photos={product.photos} status={status} />
      <Dialog
        open={stale !== null}
        onOpenChange={(open) => !open && setStale(null)}
        title={t('edit.stale.title')}
      >
        <p role="alert">{stale}</p>
        <p className={styles.hint}>{t('edit.stale.hint')}</p>
        <div className={styles.dialogActions}>
          <Button onClick={() => void reload()}>{t('edit.stale.reload')}</Button>
          <Button variant="ghost" onClick={() => setStale(null)}>
            {t('edit.stale.keep')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
