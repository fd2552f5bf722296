import zxing from '@zxing/library';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

// ZXing is CommonJS: Node's ESM loader gives its exports as the default.
const { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

type PdfImage = { width: number; height: number; kind: number; data: Uint8ClampedArray | Uint8Array };

/** Grey levels of a PDF.js image: 1 bit per pixel (kind 1), RGB (2) or RGBA (3). */
function luminances(image: PdfImage): Uint8ClampedArray {
  const { width, height, kind, data } = image;
  const out = new Uint8ClampedArray(width * height);
  if (kind === 1) {
    const rowBytes = (width + 7) >> 3;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        out[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    return out;
  }
  const step = kind === 3 ? 4 : 3;
  for (let i = 0; i < width * height; i++)
    out[i] = Math.round((data[i * step]! + data[i * step + 1]! + data[i * step + 2]!) / 3);
  return out;
}

/**
 * The texts of every QR code drawn as an image in a PDF, in drawing order: the images read back with
 * Mozilla's PDF.js, each decoded by ZXing (the decoder the gate's camera uses), as a phone would.
 */
export async function pdfQrCodes(data: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const found: string[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    const ops = await page.getOperatorList();
    for (const [i, fn] of ops.fnArray.entries()) {
      if (fn !== OPS.paintImageXObject) continue;
      const id = ops.argsArray[i][0] as string;
      const image = (await new Promise((resolve) => page.objs.get(id, resolve))) as PdfImage;
      const source = new RGBLuminanceSource(luminances(image), image.width, image.height);
      try {
        found.push(new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText());
      } catch {
        // Not a QR code (a logo, a photo): not one of the codes.
      }
    }
  }
  await pdf.destroy();
  return found;
}
