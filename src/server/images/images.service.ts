/**
 * Stored images (docs/product.md#images): what is uploaded or fetched is re-encoded (image-encoding.ts)
 * and kept in the database, and from then on named by its path on this site.
 */
import type { Kysely } from 'kysely';
import type { LibraryClock } from '../core/clock.ts';
import type { DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { encodeImage, UndecodableImage, type EncodedImage } from './image-encoding.ts';
import { fetchImageBytes, type ImageFetchOptions } from './image-fetch.ts';
import {
  countImagesBy,
  eraseImagesOf,
  eraseUnnamedImages,
  storeImage,
} from './images.repository.ts';

export interface StoredImage {
  url: string;
  width: number;
  height: number;
}

export const imagePath = (id: string) => `/images/${id}.webp`;

const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

export const invalidImage = () =>
  new ApiError(
    400,
    'INVALID_IMAGE',
    'The file is not an image we can use: send a JPEG, PNG, WebP or GIF',
  );

const unreachableImage = () =>
  new ApiError(
    400,
    'IMAGE_UNREACHABLE',
    'The image at this address could not be fetched; upload the file instead',
  );

/** New images one member may store in an hour: a cover for each book of a small delivery. */
export const IMAGE_UPLOADS_PER_HOUR = 15;

/** Images one member may have stored in all (a closed account's are erased with it). */
export const IMAGES_PER_MEMBER = 200;

/** How long an image nothing names is kept: a form may be sent long after its picture was. */
export const UNNAMED_IMAGE_HOURS = 24;

/** Images one sweep erases at most, so a sweep's transaction stays short; the next takes more. */
const SWEEP_BATCH = 500;

export class Images {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: LibraryClock,
    private readonly fetchOptions: ImageFetchOptions,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  private async store(image: EncodedImage, uploadedBy: string | null): Promise<StoredImage> {
    const id = await storeImage(this.db, image, uploadedBy, this.clock.now());
    return { url: imagePath(id), width: image.width, height: image.height };
  }

  /**
   * Closing the member's account (profile/account-closing.ts): the images they stored that no
   * book and no other member shows (their photo) go, so their photo URL answers 404.
   */
  async releaseMember(tx: Kysely<DB>, memberId: string): Promise<void> {
    await eraseImagesOf(tx, memberId);
  }

  /**
   * Erases the images that no book, withdrawn book or member has named for a day after their
   * upload (images/image-sweep.ts, at start and hourly); they then answer 404. Answers how many.
   */
  async sweepUnnamed(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNNAMED_IMAGE_HOURS * 3_600_000);
    let erased = 0;
    for (;;) {
      const batch = await eraseUnnamedImages(this.db, before.toISOString(), SWEEP_BATCH);
      erased += batch;
      if (batch < SWEEP_BATCH) return erased;
    }
  }

  /**
   * An uploaded file: 400 INVALID_IMAGE unless it decodes as one of the accepted formats; 429
   * RATE_LIMITED past a member's share of new images (issue 30: 20 uploads of noise in 17 s were
   * all kept). Checked before the costly decoding; uploads at the same moment may pass it together.
   */
  async upload(bytes: Buffer, uploadedBy: string): Promise<StoredImage> {
    const since = new Date(this.clock.now().getTime() - 60 * 60 * 1000).toISOString();
    const stored = await countImagesBy(this.db, uploadedBy, since);
    if (stored.recent >= IMAGE_UPLOADS_PER_HOUR) {
      throw new ApiError(
        429,
        'RATE_LIMITED',
        'You have uploaded many images in the last hour. Please try again later.',
      );
    }
    if (stored.total >= IMAGES_PER_MEMBER) {
      throw new ApiError(429, 'RATE_LIMITED', 'You have stored as many images as a member may.');
    }
    try {
      return await this.store(await encodeImage(bytes), uploadedBy);
    } catch (error) {
      if (error instanceof UndecodableImage) throw invalidImage();
      throw error;
    }
  }

  /**
   * What an image field should name: an http(s) URL is fetched once and replaced by the stored
   * copy's path (400 IMAGE_UNREACHABLE when it gives no usable image); a path on this site stays.
   */
  async keep<T extends string | null | undefined>(value: T, uploadedBy: string | null): Promise<T> {
    if (typeof value !== 'string' || !isWebAddress(value)) return value;
    let image: EncodedImage;
    try {
      image = await encodeImage(await fetchImageBytes(value, this.fetchOptions));
    } catch (error) {
      // The reason is logged for the operator; the member only learns that it did not work.
      this.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'image not fetched',
      );
      throw unreachableImage();
    }
    return (await this.store(image, uploadedBy)).url as T;
  }
}
