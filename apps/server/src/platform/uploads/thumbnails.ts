import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { pdfRendererIn, type PdfRenderer } from '../pdf/index.ts';
import type { FileStorage } from '../storage/index.ts';
import type * as PdfThumbnail from './pdf-thumbnail.ts';
import { THUMBNAIL_WIDTH } from './pdf-thumbnail.ts';

export { THUMBNAIL_WIDTH };
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
/** Images larger than this many pixels are not decoded for a thumbnail (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * PDFs larger than this get no thumbnail (the lists show the type's icon): pdf.js needs the whole
 * file in memory, copied several times on its way into the render worker, and the process grew by
 * about 20 times a 25 MB file's size while drawing its first page. Scans are mostly far smaller.
 */
export const MAX_PDF_THUMBNAIL_BYTES = 10 * 1024 * 1024;

const IMAGE_EXTENSIONS = new Set(['jpg', 'png', 'gif', 'webp', 'bmp', 'tif']);

/** The thumbnail's key, beside its file: `pets/{id}/docs/{uuid}.pdf` -> `pets/{id}/docs/{uuid}-thumb.webp`. */
export function thumbKeyOf(key: string): string {
  return `${key.replace(/\.[a-z0-9]+$/, '')}-thumb.webp`;
}

export function canHaveThumbnail(ext: string): boolean {
  return ext === 'pdf' || IMAGE_EXTENSIONS.has(ext);
}

/** Draws a PDF's first page as a PNG THUMBNAIL_WIDTH wide (in production: off the event loop). */
export type PdfPageRenderer = (pdf: Buffer) => Promise<Buffer>;

/**
 * pdf.js parses and draws synchronously: with the server's render pool (platform/pdf, worker
 * threads with a time limit) a hostile or huge PDF cannot stall other requests.
 */
export function pdfPageRendererOn(pool: PdfRenderer): PdfPageRenderer {
  const firstPage = pdfRendererIn<typeof PdfThumbnail>(new URL('./pdf-thumbnail.ts', import.meta.url))(
    'renderPdfFirstPage',
  );
  return (pdf) => pool.render(firstPage, pdf);
}

/**
 * The thumbnail of a stored file, or null for a type that has none (office documents, text) or a
 * file that cannot be drawn (damaged, too large, too slow): the lists then show the type's icon.
 * Images are scaled (EXIF orientation applied); a PDF shows its first page.
 */
export async function makeThumbnail(
  storage: FileStorage,
  key: string,
  ext: string,
  options: { renderPdf: PdfPageRenderer; log: { warn(obj: object, msg: string): void } },
): Promise<Buffer | null> {
  const { log } = options;
  if (!canHaveThumbnail(ext)) return null;
  try {
    const stored = await storage.get(key);
    if (ext === 'pdf' && stored.size > MAX_PDF_THUMBNAIL_BYTES) {
      stored.stream.destroy();
      return null;
    }
    const bytes = await buffer(stored.stream);
    const source = ext === 'pdf' ? await options.renderPdf(bytes) : bytes;
    return await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({
        width: THUMBNAIL_WIDTH,
        height: THUMBNAIL_WIDTH * 4,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .webp({ quality: 72 })
      .toBuffer();
  } catch (err) {
    log.warn({ err, key }, 'no thumbnail for an uploaded file');
    return null;
  }
}
