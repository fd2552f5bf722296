import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '../../../components/ui';
import { createDecoder } from './decoder';
import styles from './camera.module.css';

type CameraState = 'starting' | 'scanning' | 'denied' | 'none' | 'failed';

/** How often a frame is read: fast enough to feel instant, slow enough to leave the phone cool. */
const FRAME_MS = 120;

/** The torch is in the capabilities of most phones' back cameras, not yet in TypeScript's DOM types. */
type TorchTrack = MediaStreamTrack;
const torchOf = (track: TorchTrack | null) =>
  (track?.getCapabilities?.() as { torch?: boolean } | undefined)?.torch === true;

/**
 * The gate's camera (issue 29, docs/event-day.md): opens the back camera, reads QR codes until one
 * is found and hands its text over as if it had been typed; says so in words when the camera is
 * refused or missing; offers the torch where the camera has one. The stream stops when the dialog
 * closes.
 */
export default function CameraDialog({
  open,
  onClose,
  onCode,
}: {
  open: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation('console-gate');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [track, setTrack] = useState<TorchTrack | null>(null);
  const [torch, setTorch] = useState(false);
  // The latest handler, read when a code is found: a new one each render must not restart the camera.
  const handOver = useRef(onCode);
  handOver.current = onCode;

  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    setState('starting');
    setTorch(false);
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('none');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        setState(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? 'denied'
            : name === 'NotFoundError' || name === 'OverconstrainedError'
              ? 'none'
              : 'failed',
        );
        return;
      }
      if (!live) {
        for (const tr of stream.getTracks()) tr.stop();
        return;
      }
      const element = video.current!;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setTrack((stream.getVideoTracks()[0] as TorchTrack | undefined) ?? null);
      const decode = await createDecoder();
      if (!live) return;
      setState('scanning');
      const read = async () => {
        if (!live) return;
        const text = (await decode(element).catch(() => null))?.trim();
        if (!live) return;
        if (text) {
          live = false;
          handOver.current(text);
          return;
        }
        timer = setTimeout(() => void read(), FRAME_MS);
      };
      void read();
    };
    void start();
    return () => {
      live = false;
      clearTimeout(timer);
      for (const tr of stream?.getTracks() ?? []) tr.stop();
      setTrack(null);
    };
  }, [open]);

  const hasTorch = torchOf(track);
  const toggleTorch = async () => {
    if (!track) return;
    const next = !torch;
    await track
      .applyConstraints({ advanced: [{ torch: next } as MediaTrackConstraintSet] })
      .catch(() => undefined);
    setTorch(next);
  };

  const problem = state === 'denied' || state === 'none' || state === 'failed';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('camera.title')}
      description={t('camera.lead')}
    >
      <div className={styles.camera} data-testid="gate-camera" data-state={state}>
        {problem ? (
          <p className={styles.problem} role="alert">
            {t(`camera.${state}`)}
          </p>
        ) : (
          <div className={styles.frame}>
            <video
              ref={video}
              className={styles.video}
              muted
              playsInline
              aria-label={t('camera.viewfinder')}
            />
            <span className={styles.target} aria-hidden="true" />
            <p className={styles.status} role="status">
              {state === 'starting' ? t('camera.starting') : t('camera.scanning')}
            </p>
          </div>
        )}
        <div className={styles.actions}>
          {hasTorch && !problem && (
            <Button variant="secondary" size="small" onClick={() => void toggleTorch()} aria-pressed={torch}>
              {torch ? t('camera.torchOff') : t('camera.torchOn')}
            </Button>
          )}
          <Button variant="ghost" size="small" onClick={onClose}>
            {problem ? t('camera.typeInstead') : t('camera.close')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
