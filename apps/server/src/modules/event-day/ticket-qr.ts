import QRCode from 'qrcode';

/**
 * A ticket's QR code drawn on the server, as the member's screen draws it (level M, the code alone):
 * a PNG for mail clients (inline, by Content-ID) and the module matrix for the PDF (vector squares,
 * sharp at any print size).
 */
const OPTIONS = { errorCorrectionLevel: 'M' } as const;

/** A black-on-white PNG, 4 modules of quiet zone, about 240 px wide (shown at 160 px: sharp on retina). */
export const qrPng = (code: string): Promise<Buffer> =>
  QRCode.toBuffer(code, {
    ...OPTIONS,
    type: 'png',
    margin: 4,
    scale: 7,
    color: { dark: '#000000', light: '#ffffff' },
  });

/** The dark modules of the code: size × size, `dark(x, y)`. */
export function qrMatrix(code: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(code, OPTIONS);
  return { size: modules.size, dark: (x, y) => Boolean(modules.get(y, x)) };
}
