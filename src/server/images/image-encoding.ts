/**
 * Turns whatever bytes a member sends or a fetched URL answers into the one form the app stores:
 * WebP, at most IMAGE_MAX_SIDE pixels on its long side, with no metadata (sharp drops EXIF, XMP
 * and ICC unless asked to keep them; the EXIF orientation is applied first). Anything sharp
 * cannot decode, in a format other than the four accepted, or with more pixels than
 * MAX_INPUT_PIXELS is refused before the pixels are decoded.
 */
import type { Metadata } from 'sharp';
import { IMAGE_MAX_SIDE } from '../../common/constants.ts';
import { onFirstUse } from '../on-first-use.ts';

/** The image codecs, loaded by the first image (on-first-use.ts). */
const sharpLibrary = onFirstUse(async () => (await import('sharp')).default);

/** The formats a cover or photo may come in (docs/product.md#images), as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Larger than any phone photo (a 48-megapixel camera saves 8000 × 6000), small enough that one
 * decode cannot take the server's memory: a decompression bomb (a few kB of PNG claiming
 * 50,000 × 50,000 pixels) is refused from its header.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

const WEBP_QUALITY = 80;

export interface EncodedImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Why bytes were not taken as an image; the callers turn it into their own 400. */
export class UndecodableImage extends Error {}

/** Reads only the header: the format and the size it claims. */
async function checkHeader(input: Buffer): Promise<void> {
  const sharp = await sharpLibrary();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UndecodableImage('not an image');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new UndecodableImage(`format ${String(metadata.format)} is not accepted`);
  }
  const { width, height } = metadata;
  if (!width || !height || width * height > MAX_INPUT_PIXELS) {
    throw new UndecodableImage(`${width} × ${height} pixels is too many`);
  }
}

export async function encodeImage(input: Buffer): Promise<EncodedImage> {
  await checkHeader(input);
  const sharp = await sharpLibrary();
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      // A truncated or corrupt file is refused, not stored half grey.
      failOn: 'truncated',
    })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new UndecodableImage('the image could not be decoded');
  }
}
