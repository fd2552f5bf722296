// @vitest-environment node
import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { type Pixels, readQr } from './read-qr';

/**
 * A ticket as the camera sees a member's screen held still: the code's modules black on white, 4
 * modules of quiet zone, 300 px wide in a 480 × 360 frame (8.1 px a module, so some are 8 px wide
 * and some 9, as on any screen). ZXing's JavaScript port missed 77 of 1,000 such tickets; each would
 * have stood at the gate unread (the CI run of stop 38 failed on one).
 */
function ticketOnScreen(code: string, width = 480, height = 360, side = 300): Pixels {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const span = modules.size + 8;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  const left = (width - side) >> 1;
  const top = (height - side) >> 1;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const mx = Math.floor((x * span) / side) - 4;
      const my = Math.floor((y * span) / side) - 4;
      if (mx < 0 || my < 0 || mx >= modules.size || my >= modules.size || !modules.get(my, mx)) continue;
      const i = ((top + y) * width + left + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  return { data, width, height };
}

describe('the gate reads a ticket from the camera’s picture', () => {
  it('reads every one of 200 tickets (codes as the server makes them: 24 random bytes, base64url)', () => {
    const unread = Array.from({ length: 200 }, () => randomBytes(24).toString('base64url')).filter(
      (code) => readQr(ticketOnScreen(code)) !== code,
    );
    expect(unread).toEqual([]);
  });

  it('finds nothing in a picture without a code', () => {
    const grey = { data: new Uint8ClampedArray(480 * 360 * 4).fill(128), width: 480, height: 360 };
    expect(readQr(grey)).toBeNull();
  });
});
