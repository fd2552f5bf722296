import { deflateSync } from 'node:zlib';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { clubDayFromToday } from '../../lib/club-day';

/** Test data of the console's experiences (admin.test.ts, the security suites). */

/** The club's day (Europe/Warsaw) `days` from today, as the server counts an experience's days. */
const inDays = clubDayFromToday;

/** A complete, valid experience form: every field SPEC.md §3 gives a product, in both languages. */
export function validProductBody(overrides: Record<string, unknown> = {}) {
  return {
    type: 'EVENT',
    category_id: 1,
    alias: null,
    name_pl: 'Dzień na torze Poznań',
    name_en: 'Track day Poznań',
    description_pl: '<p>Jazda z <strong>instruktorem</strong>.</p>',
    description_en: '<p>Driving with an <strong>instructor</strong>.</p>',
    ann_description_pl: null,
    ann_description_en: null,
    place_pl: 'Tor Poznań',
    place_en: 'Poznań circuit',
    start_date: inDays(40),
    start_time: '09:30',
    end_date: null,
    end_time: null,
    price: 1250.5,
    member_limit: 2,
    total_seats: 20,
    status_limit: 5,
    video_id: null,
    contact_email: 'events@example.com',
    contact_phone: '+48 600 100 200',
    cart_label_pl: 'Numer rejestracyjny',
    cart_label_en: 'Registration number',
    terms: [{ name_pl: 'Regulamin toru', name_en: 'Circuit rules' }],
    interest_ids: [1, 2],
    partner_ids: [],
    ...overrides,
  };
}

export { inDays };

/** A JPEG of `width`×`height` carrying EXIF GPS coordinates and a camera serial. */
export async function jpegWithLocation(width = 2400, height = 1600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#7a1f2b' } })
    .jpeg({ quality: 70 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Serial 12345', Copyright: 'Club' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 24/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '16/1 55/1 0/1',
      },
    })
    .toBuffer();
}

export const pngOf = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 4, background: '#1f2b7a' } })
    .png()
    .toBuffer();
export const webpOf = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#2b7a1f' } })
    .webp()
    .toBuffer();
export const avifOf = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: '#7a7a1f' } })
    .avif()
    .toBuffer();

/** A small PNG whose header claims `width`×`height`: a decompression bomb as far as the header tells. */
export async function pngBomb(width = 20_000, height = 20_000): Promise<Buffer> {
  const png = Buffer.from(await pngOf(16, 16));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

/** A valid-looking PNG of a huge size whose pixel data really is there, compressed to almost nothing. */
export function pngHugeZeros(width: number, height: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth 1
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

/** A multipart/form-data body with one file part (and any text fields). */
export function multipart(
  file: { name: string; type: string; data: Buffer } | null,
  fields: Record<string, string> = {},
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----club${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
