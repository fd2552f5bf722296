import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import styles from '../components/content.module.css';
import {
  HOME_INTRO,
  HOME_INTRO_SIZES,
  HOME_INTRO_SRCSET,
  HOME_POSTER as POSTER,
  MEDIA,
} from '../components/home-media';
import { PaymentResult } from '../components/payment-result';

const icon = { width: 18, height: 18, viewBox: '0 0 24 24', 'aria-hidden': true, focusable: false } as const;
const PlayIcon = () => (
  <svg {...icon} fill="currentColor">
    <path d="M8 5v14l11-7z" />
  </svg>
);
const PauseIcon = () => (
  <svg {...icon} fill="currentColor">
    <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </svg>
);
const SoundIcon = () => (
  <svg {...icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" stroke="none" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </svg>
);
const MutedIcon = () => (
  <svg {...icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" stroke="none" />
    <path d="m16 9.5 5 5M21 9.5l-5 5" />
  </svg>
);

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * /home: the header film (autoplay, loop, muted; play/pause and mute), title, text and the intro block.
 * A member who asked the system for less motion gets the poster and the play button: the film starts
 * only when they press it (WCAG 2.2.2, 2.3.3).
 */
export default function HomePage() {
  // The poster is the largest paint of the page: fetch it before the video element asks.
  preload(POSTER, { as: 'image', fetchPriority: 'high' });
  const { t } = useTranslation('content');
  const video = useRef<HTMLVideoElement>(null);
  const [calm] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(!calm);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    // Browsers may refuse autoplay (e.g. reduced data mode): the button then shows 'play'.
    const sync = () => setPlaying(!v.paused);
    v.addEventListener('play', sync);
    v.addEventListener('pause', sync);
    if (!calm) v.play().catch(() => setPlaying(false));
    return () => {
      v.removeEventListener('play', sync);
      v.removeEventListener('pause', sync);
    };
  }, [calm]);

  const togglePlay = () => {
    const v = video.current;
    if (!v) return;
    if (v.paused) void v.play().catch(() => setPlaying(false));
    else v.pause();
  };
  const toggleMute = () => {
    const v = video.current;
    if (!v) return;
    v.muted = !v.muted;
    setMuted(v.muted);
  };

  return (
    <>
      <PaymentResult />
      <section className={styles.hero} aria-labelledby="home-title">
        <video
          ref={video}
          className={styles.heroVideo}
          autoPlay={!calm}
          preload={calm ? 'none' : undefined}
          loop
          muted
          playsInline
          poster={POSTER}
          data-testid="home-video"
        >
          <source src={`${MEDIA}/video/home-header.webm`} type="video/webm" />
          <source src={`${MEDIA}/video/home-header.mp4`} type="video/mp4" />
        </video>
        <div className={styles.heroShade} />
        <div className={`container ${styles.heroContent}`}>
          <p className="eyebrow">{t('home.eyebrow')}</p>
          <h1 id="home-title" className={styles.heroTitle}>
            {t('home.title')}
          </h1>
          <p className={styles.heroText}>{t('home.description')}</p>
          <Link to={paths.experiences} className={buttonClass('primary')}>
            {t('home.cta')}
          </Link>
        </div>
        <div className={styles.heroControls}>
          <button type="button" className={styles.control} onClick={togglePlay} aria-pressed={!playing}>
            {playing ? <PauseIcon /> : <PlayIcon />}
            <span className="visually-hidden">{playing ? t('home.pause') : t('home.play')}</span>
          </button>
          <button type="button" className={styles.control} onClick={toggleMute} aria-pressed={!muted}>
            {muted ? <MutedIcon /> : <SoundIcon />}
            <span className="visually-hidden">{muted ? t('home.unmute') : t('home.mute')}</span>
          </button>
        </div>
      </section>
      <section className={`container ${styles.intro}`} aria-labelledby="intro-title">
        <div className={styles.introImage}>
          <img src={HOME_INTRO} srcSet={HOME_INTRO_SRCSET} sizes={HOME_INTRO_SIZES} alt="" loading="lazy" />
        </div>
        <div>
          <p className="eyebrow">{t('home.introEyebrow')}</p>
          <h2 id="intro-title" className={styles.introTitle}>
            {t('home.introTitle')}
          </h2>
          <p className={styles.introText}>{t('home.introText')}</p>
          <Link to={paths.experiences} className={buttonClass('secondary')}>
            {t('home.introLink')}
          </Link>
        </div>
      </section>
    </>
  );
}
