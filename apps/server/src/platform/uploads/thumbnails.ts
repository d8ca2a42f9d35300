import { createRequire } from 'node:module';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { FileStorage } from '../storage/index.ts';

/** Thumbnails are WebP, this wide at most (the lists show them at 56 to 120 CSS px; 2x for sharp screens). */
export const THUMBNAIL_WIDTH = 240;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
/** A PDF whose first page takes longer than this to draw gets no thumbnail (the list shows the icon). */
const PDF_RENDER_TIMEOUT_MS = 10_000;
/** Images larger than this many pixels are not decoded for a thumbnail (decompression bombs). */
const MAX_INPUT_PIXELS = 100_000_000;

const IMAGE_EXTENSIONS = new Set(['jpg', 'png', 'gif', 'webp', 'bmp', 'tif']);

/** The thumbnail's key, beside its file: `pets/{id}/docs/{uuid}.pdf` -> `pets/{id}/docs/{uuid}-thumb.webp`. */
export function thumbKeyOf(key: string): string {
  return `${key.replace(/\.[a-z0-9]+$/, '')}-thumb.webp`;
}

export function canHaveThumbnail(ext: string): boolean {
  return ext === 'pdf' || IMAGE_EXTENSIONS.has(ext);
}

const require = createRequire(import.meta.url);
/** pdf.js reads the 14 standard PDF fonts from here (files, no network). */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function renderPdfFirstPage(data: Buffer): Promise<Buffer> {
  const [{ getDocument }, { createCanvas }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('@napi-rs/canvas'),
  ]);
  const task = getDocument({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('PDF thumbnail timed out')), PDF_RENDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      (async () => {
        const pdf = await task.promise;
        const page = await pdf.getPage(1);
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / unscaled.width });
        const width = Math.max(1, Math.ceil(viewport.width));
        const height = Math.max(1, Math.min(Math.ceil(viewport.height), THUMBNAIL_WIDTH * 4));
        const canvas = createCanvas(width, height);
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff'; // pages without a background are white on paper
        context.fillRect(0, 0, width, height);
        // @napi-rs/canvas implements the 2D context pdf.js draws on (its type is the DOM's).
        type PdfCanvasContext = Parameters<typeof page.render>[0]['canvasContext'];
        await page.render({ canvasContext: context as unknown as PdfCanvasContext, viewport }).promise;
        return canvas.toBuffer('image/png');
      })(),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
    await task.destroy();
  }
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
  log: { warn(obj: object, msg: string): void },
): Promise<Buffer | null> {
  if (!canHaveThumbnail(ext)) return null;
  try {
    const stored = await storage.get(key);
    const bytes = await buffer(stored.stream);
    const source = ext === 'pdf' ? await renderPdfFirstPage(bytes) : bytes;
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
