import zxing from '@zxing/library';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

// ZXing is CommonJS: Node's ESM loader gives its exports as the default.
const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/**
 * ZXing's finder-pattern detector misses a few percent of perfectly sharp, dense codes (KOD II, with
 * its random ECDSA signature: 16 of 300 at the PDF's 4 px per module, with or without a wider quiet
 * zone or TRY_HARDER), while every one of them reads as a pure barcode: the image drawn in the PDF
 * is exactly that. The detector goes first, as a phone's camera would; the pure read is the fallback
 * (the CI run of 5fc2547 failed on such a miss).
 */
const PURE = new Map([[DecodeHintType.PURE_BARCODE, true]]);

function decode(source: InstanceType<typeof RGBLuminanceSource>): string | null {
  for (const hints of [undefined, PURE]) {
    try {
      return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
    } catch {
      // Not found this way: the next, or not a QR code.
    }
  }
  return null;
}

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
 * Mozilla's PDF.js, each decoded by ZXing (the decoder of most phones' scanning apps), as a phone would.
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
      // Not a QR code (a logo, a photo): not one of the codes.
      const text = decode(source);
      if (text !== null) found.push(text);
    }
  }
  await pdf.destroy();
  return found;
}
