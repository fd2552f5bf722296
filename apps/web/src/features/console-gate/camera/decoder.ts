/**
 * Reads a QR code from the camera's picture (issue 29, docs/event-day.md): the browser's own
 * BarcodeDetector where it has one that knows QR codes (Android's Chrome, Safari on iOS 17+,
 * macOS), else ZXing's browser build (@zxing/browser: pure JavaScript, so the CSP needs no
 * 'wasm-unsafe-eval'), loaded only when a gate first opens its camera.
 */

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

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

async function zxingDecoder(): Promise<FrameDecoder> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    try {
      return reader.decodeFromCanvas(canvas).getText();
    } catch {
      // Nothing readable in this frame (ZXing's NotFoundException): the next one is tried.
      return null;
    }
  };
}

/** The best decoder this browser has. */
export async function createDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? zxingDecoder();
}
