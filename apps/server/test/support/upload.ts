import sharp from 'sharp';

/** A multipart/form-data body with one file under `file`, as a browser sends it. */
export function multipartFile(file: { name: string; type: string; data: Buffer }): {
  body: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----club${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small real PNG (a logo, a photo). */
export function pngOf(width = 640, height = 400, colour = '#1d3b5a'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
