import jsQR from 'jsqr';

/**
 * jsQR, the gate's decoder where the browser has no BarcodeDetector (docs/event-day.md, "The
 * camera's decoder"). Not ZXing's JavaScript port: its finder-pattern detector missed 39 of 1,000 of
 * the club's own tickets drawn sharp and still, as a member's screen shows one, frame after frame,
 * so the gate never read them; jsQR read every one (read-qr.test.ts).
 */

/** RGBA pixels, as a canvas's `getImageData` gives them. */
export type Pixels = { data: Uint8ClampedArray; width: number; height: number };

/**
 * The text of the QR code in a picture, or null. Tickets are dark on light (the member's screen and
 * the PDF draw them so), so the inverted reading, which doubles the work on every empty frame, is
 * not tried.
 */
export function readQr({ data, width, height }: Pixels): string | null {
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data || null;
}
