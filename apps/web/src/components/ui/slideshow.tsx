import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';
import { ResponsiveImage } from './responsive-picture';
import styles from './slideshow.module.css';

/** A photo; `srcSet` (TImageSrcset) lets the stage and the thumbnails load the width they show. */
export type Slide = { src: string; srcSet?: string | null; alt: string };

/** The stage fills the wide dialog (min(860px, 100vw - 2rem)); thumbnails are 84 px. */
const STAGE_SIZES = '(max-width: 900px) calc(100vw - 2rem), 860px';
const THUMB_SIZES = '84px';

const SWIPE_MIN_PX = 40;

/**
 * A slideshow popup: the picture, previous/next arrows, thumbnails, swipe on touch screens and the
 * arrow keys (plus Home/End) on the keyboard; it wraps around at both ends.
 */
export function Slideshow({
  open,
  onOpenChange,
  title,
  slides,
  startIndex = 0,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  slides: Slide[];
  startIndex?: number;
}) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(startIndex);
  const touchX = useRef<number | null>(null);
  const activeThumb = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (open) setIndex(Math.min(Math.max(0, startIndex), Math.max(0, slides.length - 1)));
  }, [open, startIndex, slides.length]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the index on purpose
  useEffect(() => {
    activeThumb.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [index]);

  const count = slides.length;
  const go = (delta: number) => setIndex((i) => (count === 0 ? 0 : (i + delta + count) % count));
  const current = slides[index];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'Home') setIndex(0);
    else if (event.key === 'End') setIndex(count - 1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} wide>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard and swipe navigation of the whole slideshow */}
      <div
        onKeyDown={onKeyDown}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_MIN_PX) return;
          go(end < start ? 1 : -1);
        }}
      >
        <div
          className={styles.stage}
          role="region"
          aria-label={title}
          aria-roledescription={t('slideshow.roledescription')}
          data-testid="slideshow-stage"
        >
          {current && (
            <ResponsiveImage
              className={styles.image}
              picture={{ url: current.src, srcset: current.srcSet, sizes: STAGE_SIZES }}
              alt={current.alt}
              draggable={false}
              data-testid="slideshow-image"
            />
          )}
          {count > 1 && (
            <>
              <button
                type="button"
                className={`${styles.arrow} ${styles.prev}`}
                onClick={() => go(-1)}
                aria-label={t('slideshow.previous')}
              >
                ‹
              </button>
              <button
                type="button"
                className={`${styles.arrow} ${styles.next}`}
                onClick={() => go(1)}
                aria-label={t('slideshow.next')}
              >
                ›
              </button>
            </>
          )}
          <span className={styles.counter} aria-live="polite" data-testid="slideshow-counter">
            {t('slideshow.counter', { current: index + 1, total: count })}
          </span>
        </div>
        {count > 1 && (
          <ul className={styles.thumbs} aria-label={t('slideshow.thumbnails')}>
            {slides.map((slide, i) => (
              <li key={slide.src}>
                <button
                  type="button"
                  ref={i === index ? activeThumb : undefined}
                  className={[styles.thumb, i === index ? styles.thumbActive : ''].join(' ')}
                  aria-label={t('slideshow.goTo', { number: i + 1 })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <ResponsiveImage
                    picture={{ url: slide.src, srcset: slide.srcSet, sizes: THUMB_SIZES }}
                    loading="lazy"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
