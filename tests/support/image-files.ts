/** Image files for the upload and fetch tests, made with sharp, and the multipart body that carries one. */
import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

const colour = { r: 200, g: 80, b: 40 };

/** A photo as a camera saves it: larger than the app keeps, with EXIF naming its owner. */
export const cameraJpeg = () =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Nasrin Akter', Artist: 'Nasrin Akter' } } })
    .toBuffer();

export const smallImage = (format: 'png' | 'webp' | 'gif' | 'jpeg', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();

/**
 * A decompression bomb: a valid PNG whose header claims 50,000 × 50,000 pixels (10 GB decoded).
 * Its header is rewritten from a small PNG's, with its checksum, so only the size gives it away.
 */
export async function pngBomb(): Promise<Buffer> {
  const png = Buffer.from(await smallImage('png', 10, 10));
  // Signature (8 bytes), then IHDR: length (4), type (4), width (4), height (4), …, CRC.
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A `multipart/form-data` body with one file part. */
export function multipartBody(
  bytes: Buffer,
  { field = 'file', filename = 'cover.jpg', type = 'image/jpeg' } = {},
) {
  const boundary = `----pathagar${randomUUID().replaceAll('-', '')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
