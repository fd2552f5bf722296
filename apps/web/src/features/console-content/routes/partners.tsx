import type { TAdminPartner } from '@club/shared/contract/admin-content';
import { ZAdminPartnerInput } from '@club/shared/schemas/admin-content';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../components/admin/photo-uploader';
import { LoadStatus } from '../../../components/console/load-status';
import { ConsolePageHeader } from '../../../components/console/page-header';
import {
  Button,
  buttonClass,
  errorText as popupText,
  TextField,
  useFieldErrorText,
  usePopup,
} from '../../../components/ui';
import { partnerCalls, partnersKey, usePartners } from '../api/content';
import { ContentTabs } from '../components/content-tabs';
import styles from '../components/content.module.css';
import { ContentForm } from '../components/content-form';
import { isStale, MoveButtons, moved, StaleNotice, useSaveFailure } from '../components/saving';

/** /panel/admin/content/partners: the partners members see (logo, name, link), in their order. */
export default function PartnersPage() {
  const { t } = useTranslation('console-content');
  const partners = usePartners();
  const client = useQueryClient();
  const popup = usePopup();
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState(false);
  const [orderError, setOrderError] = useState<unknown>(null);
  const list = partners.data ?? [];
  const move = async (from: number, to: number) => {
    setMoving(true);
    setOrderError(null);
    try {
      client.setQueryData(
        partnersKey,
        await partnerCalls.order(
          moved(
            list.map((p) => p.id),
            from,
            to,
          ),
        ),
      );
    } catch (error) {
      if (isStale(error)) setOrderError(error);
      else void popup.warning(error);
    } finally {
      setMoving(false);
    }
  };
  return (
    <>
      <ConsolePageHeader
        title={t('partners.title')}
        lead={t('partners.lead')}
        actions={
          <Button onClick={() => setAdding(true)} disabled={adding}>
            {t('partners.add')}
          </Button>
        }
      />
      <ContentTabs />
      <StaleNotice
        error={orderError}
        onReload={() => {
          setOrderError(null);
          void partners.refetch();
        }}
      />
      <LoadStatus query={partners} />
      {adding && <PartnerForm onDone={() => setAdding(false)} />}
      <ol className={`${styles.list} ${styles.panel}`} aria-label={t('partners.title')}>
        {list.map((partner, index) => (
          <PartnerRow
            key={partner.id}
            partner={partner}
            index={index}
            count={list.length}
            onMove={move}
            moving={moving}
          />
        ))}
        {partners.isSuccess && list.length === 0 && <li className={styles.muted}>{t('partners.empty')}</li>}
      </ol>
    </>
  );
}

function PartnerRow({
  partner,
  index,
  count,
  onMove,
  moving,
}: {
  partner: TAdminPartner;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  moving: boolean;
}) {
  const { t } = useTranslation('console-content');
  const client = useQueryClient();
  const popup = usePopup();
  const [editing, setEditing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const fileId = useId();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setLogoError(null);
    setProgress(0);
    try {
      const saved = await uploadFile<TAdminPartner>(partnerCalls.logoPath(partner.id), file, setProgress);
      client.setQueryData<TAdminPartner[]>(partnersKey, (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      );
    } catch (error) {
      setLogoError(popupText(error, t('saveFailed')));
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    const ok = await popup.confirm({
      title: t('partners.removeTitle'),
      body: t('partners.removeBody', { name: partner.name }),
      confirmLabel: t('remove'),
    });
    if (!ok) return;
    try {
      client.setQueryData(partnersKey, await partnerCalls.remove(partner.id));
    } catch (error) {
      void popup.warning(error);
    }
  };

  return (
    <li className={styles.row}>
      {editing ? (
        <div className={styles.rowMain}>
          <PartnerForm partner={partner} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <>
          {partner.image_url ? (
            <img
              className={styles.logo}
              src={partner.image_url}
              alt={t('partners.logoOf', { name: partner.name })}
              width={120}
              height={60}
            />
          ) : (
            <span className={styles.logoEmpty}>{t('partners.noLogo')}</span>
          )}
          <div className={styles.rowMain}>
            <h2 className={styles.rowTitle}>{partner.name}</h2>
            <p className={styles.muted}>{partner.url ?? t('partners.noLink')}</p>
            {progress !== null && (
              <progress
                max={1}
                value={progress}
                aria-label={t('partners.uploading', { name: partner.name })}
              />
            )}
            {logoError && (
              <p role="alert" className={styles.muted}>
                {logoError}
              </p>
            )}
          </div>
          <div className={styles.actions}>
            <MoveButtons index={index} count={count} name={partner.name} onMove={onMove} disabled={moving} />
            <label className={styles.fileLabel} htmlFor={fileId}>
              <input
                id={fileId}
                className={styles.fileInput}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                aria-label={t('partners.logoFor', { name: partner.name })}
                onChange={(event) => {
                  void upload(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
              <span className={buttonClass('secondary', 'small')}>{t('partners.logo')}</span>
            </label>
            <Button
              variant="secondary"
              size="small"
              onClick={() => setEditing(true)}
              aria-label={t('editNamed', { name: partner.name })}
            >
              {t('edit')}
            </Button>
            <Button
              variant="danger"
              size="small"
              onClick={remove}
              aria-label={t('removeNamed', { name: partner.name })}
            >
              {t('remove')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function PartnerForm({ partner, onDone }: { partner?: TAdminPartner; onDone: () => void }) {
  const { t } = useTranslation('console-content');
  const client = useQueryClient();
  const errorText = useFieldErrorText();
  const failed = useSaveFailure();
  const partners = usePartners();
  const [stale, setStale] = useState<unknown>(null);
  const [version, setVersion] = useState(partner?.version ?? 1);
  const form = useForm({
    resolver: zodResolver(ZAdminPartnerInput),
    defaultValues: { name: partner?.name ?? '', url: partner?.url ?? '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const body = { name: values.name, url: values.url ?? '' };
    try {
      if (partner) {
        const saved = await partnerCalls.save({ id: partner.id, version, partner: body });
        client.setQueryData<TAdminPartner[]>(partnersKey, (list) =>
          list?.map((p) => (p.id === saved.id ? saved : p)),
        );
      } else {
        const created = await partnerCalls.create(body);
        client.setQueryData<TAdminPartner[]>(partnersKey, (list) => [...(list ?? []), created]);
      }
      onDone();
    } catch (error) {
      if (isStale(error)) setStale(error);
      failed(error, form, 'partner');
    }
  });
  return (
    <ContentForm
      title={partner ? t('partners.edit') : t('partners.new')}
      onSubmit={submit}
      staleError={stale}
      onReload={async () => {
        setStale(null);
        const fresh = (await partners.refetch()).data?.find((p) => p.id === partner?.id);
        if (fresh) {
          setVersion(fresh.version);
          form.reset({ name: fresh.name, url: fresh.url ?? '' });
        }
      }}
      saving={form.formState.isSubmitting}
      onCancel={onDone}
    >
      <div className={styles.columns}>
        <TextField
          label={t('partners.name')}
          required
          error={errorText(errors.name)}
          {...form.register('name')}
        />
        <TextField
          label={t('partners.url')}
          type="url"
          inputMode="url"
          hint={t('partners.urlHint')}
          error={errorText(errors.url)}
          {...form.register('url')}
        />
      </div>
    </ContentForm>
  );
}
