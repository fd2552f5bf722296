/**
 * Reads a QR code from the camera's picture (issue 29, docs/event-day.md): the browser's own
 * BarcodeDetector where it has one that knows QR codes (Android's Chrome, Safari on iOS 17+,
 * macOS), else jsQR (read-qr.ts: pure JavaScript, so the CSP needs no 'wasm-unsafe-eval'), loaded
 * only when a gate without BarcodeDetector first opens its camera.
 */

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** A frame's longer side is drawn at most this wide: a ticket held to the camera stays far above
 * jsQR's needs, and a 1280 × 720 camera costs half the work. */
const MAX_SIDE = 960;

type NativeDetector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
};

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

async function scriptDecoder(): Promise<FrameDecoder> {
  const { readQr } = await import('./read-qr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return readQr(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/** The best decoder this browser has. */
export async function createDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? (await scriptDecoder());
}
