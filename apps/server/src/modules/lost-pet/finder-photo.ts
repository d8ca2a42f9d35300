import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { FileStorage } from '../../platform/storage/index.ts';

/**
 * The finder page's photo (issue 40.5): a finder opens the page on a phone, often on a poor line,
 * and the page shows the photo as a 112 px circle. The stored photo is the owner's upload (a phone
 * photo is several MB), so the page shows a small WebP derivative instead, made once from the
 * photo and stored beside it; a new photo gets a new key, so a derivative never goes stale.
 */
export const FINDER_PHOTO_PX = 240;
const FINDER_PHOTO_CONTENT_TYPE = 'image/webp';
/** Photos larger than this many pixels are not decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

/** `pets/{id}/photo/{uuid}.jpg` -> `pets/{id}/photo/{uuid}-finder.webp` (the storage reconciler keeps it). */
export function finderPhotoKeyOf(photoKey: string): string {
  return `${photoKey.replace(/\.[a-z0-9]+$/, '')}-finder.webp`;
}

/** Derivatives being made now, by key: parallel openings of a page make each one once. */
const inFlight = new Map<string, Promise<string | null>>();

/**
 * The key of the photo's finder derivative, made now if it does not exist yet: a square
 * FINDER_PHOTO_PX WebP (twice the circle's size, for sharp phone screens), cropped to the middle as
 * the page's circle is. Null when the photo cannot be read or decoded (the page then shows none).
 */
export function finderPhoto(
  storage: FileStorage,
  photoKey: string,
  log: { warn(obj: object, msg: string): void },
): Promise<string | null> {
  const key = finderPhotoKeyOf(photoKey);
  let making = inFlight.get(key);
  if (!making) {
    making = (async () => {
      if (await storage.exists(key)) return key;
      try {
        const photo = await buffer((await storage.get(photoKey)).stream);
        const small = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
          .rotate()
          .resize({ width: FINDER_PHOTO_PX, height: FINDER_PHOTO_PX, fit: 'cover', withoutEnlargement: true })
          .webp({ quality: 70 })
          .toBuffer();
        await storage.put(key, Readable.from([small]), { contentType: FINDER_PHOTO_CONTENT_TYPE });
        return key;
      } catch (err) {
        log.warn({ err, key: photoKey }, 'no finder photo for a pet photo');
        return null;
      }
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}
