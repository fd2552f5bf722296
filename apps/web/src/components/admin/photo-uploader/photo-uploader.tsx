import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../../lib/i18n';
import { Button } from '../../ui';
import en from './en.json';
import pl from './pl.json';
import styles from './photo-uploader.module.css';
import { uploadFile } from './upload-file';
import { ArrowLeftIcon, ArrowRightIcon, DragHandleIcon } from '../../ui/icons';

i18next.addResourceBundle('pl', 'photoUploader', pl, true, false);
i18next.addResourceBundle('en', 'photoUploader', en, true, false);

/** The server's limits (apps/server/src/lib/images.ts), said before a file is sent. */
export const UPLOAD_MAX_MEGABYTES = 15;
export const UPLOAD_MAX_MEGAPIXELS = 40;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,.jpg,.jpeg,.png,.webp,.avif';

/** A stored photo as the console's APIs return it. */
export type UploaderPhoto = {
  id: number;
  file_url: string;
  srcset: string | null;
  caption_pl: string;
  caption_en: string;
  is_cover?: boolean;
};

export type PhotoUploaderProps<P extends UploaderPhoto> = {
  /** The API path (below /panel/api/v1) that takes one file per POST, e.g. `/admin/catalog/products/5/photos`. */
  uploadPath: string;
  photos: P[];
  /** A file was stored: the photo the server answered with. */
  onUploaded: (photo: P) => void;
  /** The new order of every photo id. */
  onReorder: (ids: number[]) => Promise<unknown>;
  onCaptions: (id: number, captions: { caption_pl: string; caption_en: string }) => Promise<unknown>;
  onRemove: (id: number) => Promise<unknown>;
  /** Without it, no cover choice is offered (galleries). */
  onCover?: (id: number) => Promise<unknown>;
  /** More actions of one photo (a gallery's: who the photo shows), beside its own. */
  photoActions?: (photo: P, number: number) => ReactNode;
};

type Upload = { key: string; name: string; progress: number; error?: string; done?: boolean };

/**
 * The console's photo uploader (issue 16): drop several files or pick them, each sent on its own with
 * a progress bar; then the photos in their order, reordered by dragging (mouse, touch or keyboard,
 * dnd-kit) or with the earlier/later buttons, captioned in both languages, one chosen as the cover.
 */
export function PhotoUploader<P extends UploaderPhoto>({
  uploadPath,
  photos,
  onUploaded,
  onReorder,
  onCaptions,
  onRemove,
  onCover,
  photoActions,
}: PhotoUploaderProps<P>) {
  const { t } = useTranslation('photoUploader', { useSuspense: false });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const rulesId = useId();

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const send = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setUploads((list) => [...list, { key, name: file.name, progress: 0 }]);
      if (file.size > UPLOAD_MAX_MEGABYTES * 1024 * 1024) {
        update(key, { error: t('tooLarge', { megabytes: UPLOAD_MAX_MEGABYTES }) });
        continue;
      }
      uploadFile<P>(uploadPath, file, (progress) => update(key, { progress }))
        .then((photo) => {
          onUploaded(photo);
          setUploads((list) => list.filter((u) => u.key !== key));
        })
        .catch((error: Error) => update(key, { error: error.message }));
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) send(event.dataTransfer.files);
  };

  return (
    <div className={styles.uploader}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files dragged from the desktop; the button inside chooses them by keyboard */}
      <section
        className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-describedby={rulesId}
        data-testid="photo-drop-zone"
      >
        <p className={styles.dropText}>
          {t('drop')}{' '}
          <button type="button" className={styles.choose} onClick={() => input.current?.click()}>
            {t('choose')}
          </button>
        </p>
        <p className={styles.rules} id={rulesId}>
          {t('rules', { megabytes: UPLOAD_MAX_MEGABYTES, megapixels: UPLOAD_MAX_MEGAPIXELS })}
        </p>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="photo-file-input"
          onChange={(event) => {
            if (event.target.files?.length) send(event.target.files);
            event.target.value = '';
          }}
        />
      </section>

      {uploads.length > 0 && (
        <ul className={styles.uploads} aria-live="polite">
          {uploads.map((u) => (
            <li key={u.key} className={styles.upload}>
              {u.error ? (
                <p className={styles.uploadError} role="alert">
                  {t('failed', { name: u.name, message: u.error })}{' '}
                  <button
                    type="button"
                    className={styles.dismiss}
                    aria-label={t('dismiss', { name: u.name })}
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    ×
                  </button>
                </p>
              ) : (
                <>
                  <span className={styles.uploadName}>{t('uploading', { name: u.name })}</span>
                  <progress
                    className={styles.progress}
                    max={100}
                    value={Math.round(u.progress * 100)}
                    aria-label={t('uploading', { name: u.name })}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <PhotoList
        photos={photos}
        onReorder={onReorder}
        onCaptions={onCaptions}
        onRemove={onRemove}
        onCover={onCover}
        photoActions={photoActions}
      />
    </div>
  );
}

function PhotoList<P extends UploaderPhoto>({
  photos,
  onReorder,
  onCaptions,
  onRemove,
  onCover,
  photoActions,
}: Pick<
  PhotoUploaderProps<P>,
  'photos' | 'onReorder' | 'onCaptions' | 'onRemove' | 'onCover' | 'photoActions'
>) {
  const { t } = useTranslation('photoUploader', { useSuspense: false });
  const [order, setOrder] = useState<number[] | null>(null);
  const ids = order ?? photos.map((p) => p.id);
  const byId = new Map(photos.map((p) => [p.id, p]));
  const shown = ids.map((id) => byId.get(id)).filter((p): p is P => Boolean(p));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const numberOf = (id: unknown) => ids.indexOf(Number(id)) + 1;

  const move = async (next: number[]) => {
    setOrder(next);
    try {
      await onReorder(next);
    } finally {
      setOrder(null);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    void move(arrayMove(ids, from, to));
  };

  if (shown.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('dnd.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('dnd.start', { number: numberOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('dnd.over', { number: numberOf(active.id), position: numberOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            t('dnd.end', {
              number: numberOf(active.id),
              position: over ? numberOf(over.id) : numberOf(active.id),
            }),
          onDragCancel: ({ active }) => t('dnd.cancel', { number: numberOf(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ol className={styles.list} aria-label={t('listLabel')}>
          {shown.map((photo, index) => (
            <SortablePhoto
              key={photo.id}
              photo={photo}
              index={index}
              count={shown.length}
              onMove={(delta) => void move(arrayMove(ids, index, index + delta))}
              onCaptions={onCaptions}
              onRemove={onRemove}
              onCover={onCover}
              photoActions={photoActions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortablePhoto<P extends UploaderPhoto>({
  photo,
  index,
  count,
  onMove,
  onCaptions,
  onRemove,
  onCover,
  photoActions,
}: {
  photo: P;
  index: number;
  count: number;
  onMove: (delta: number) => void;
} & Pick<PhotoUploaderProps<P>, 'onCaptions' | 'onRemove' | 'onCover' | 'photoActions'>) {
  const { t } = useTranslation('photoUploader', { useSuspense: false });
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: photo.id });
  const [captionPl, setCaptionPl] = useState(photo.caption_pl);
  const [captionEn, setCaptionEn] = useState(photo.caption_en);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const number = index + 1;
  const changed = captionPl !== photo.caption_pl || captionEn !== photo.caption_en;
  const id = useId();

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onCaptions(photo.id, { caption_pl: captionPl, caption_en: captionEn });
      setSaved(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.itemDragging : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="photo-item"
      aria-label={t('photo', { number, count })}
    >
      <div className={styles.thumb}>
        <img
          src={photo.file_url}
          srcSet={photo.srcset ?? undefined}
          sizes="(max-width: 600px) 90vw, 240px"
          alt={photo.caption_pl || photo.caption_en || ''}
          width={240}
          height={160}
        />
        {photo.is_cover && <span className={styles.coverBadge}>{t('cover')}</span>}
      </div>
      <div className={styles.tools}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.handle}
          aria-label={t('drag', { number })}
          {...attributes}
          {...listeners}
        >
          <DragHandleIcon />
        </button>
        <Button
          variant="ghost"
          size="small"
          disabled={index === 0}
          aria-label={t('earlier', { number })}
          onClick={() => onMove(-1)}
        >
          <ArrowLeftIcon />
        </Button>
        <Button
          variant="ghost"
          size="small"
          disabled={index === count - 1}
          aria-label={t('later', { number })}
          onClick={() => onMove(1)}
        >
          <ArrowRightIcon />
        </Button>
      </div>
      <div className={styles.captions}>
        <label htmlFor={`${id}-pl`}>{t('captionPl')}</label>
        <input
          id={`${id}-pl`}
          className={styles.input}
          lang="pl"
          maxLength={300}
          value={captionPl}
          onChange={(e) => {
            setCaptionPl(e.target.value);
            setSaved(false);
          }}
        />
        <label htmlFor={`${id}-en`}>{t('captionEn')}</label>
        <input
          id={`${id}-en`}
          className={styles.input}
          lang="en"
          maxLength={300}
          value={captionEn}
          onChange={(e) => {
            setCaptionEn(e.target.value);
            setSaved(false);
          }}
        />
        {error && (
          <p className={styles.uploadError} role="alert">
            {error}
          </p>
        )}
        {saved && !changed && (
          <p className={styles.saved} role="status">
            {t('captionsSaved')}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" disabled={!changed} loading={saving} onClick={save}>
          {t('saveCaptions')}
        </Button>
        {onCover && !photo.is_cover && (
          <Button size="small" variant="ghost" onClick={() => void onCover(photo.id)}>
            {t('makeCover')}
          </Button>
        )}
        {photoActions?.(photo, number)}
        <Button
          size="small"
          variant="danger"
          onClick={() => {
            if (window.confirm(t('removeConfirm'))) void onRemove(photo.id);
          }}
        >
          {t('remove')}
        </Button>
      </div>
    </li>
  );
}
