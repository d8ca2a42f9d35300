import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The first page of a PDF as a PNG for its thumbnail (thumbnails.ts), drawn by pdf.js on
 * @napi-rs/canvas (prebuilt, no system libraries). Runs in the PDF render pool's worker threads,
 * whose time limit ends a page that takes too long; the data arrives as a Uint8Array.
 */
/** Thumbnails are WebP, this wide at most (the lists show them at 56 CSS px; more for sharp screens and larger views). */
export const THUMBNAIL_WIDTH = 240;

const require = createRequire(import.meta.url);
/** pdf.js reads the 14 standard PDF fonts from here (files, no network). */
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function renderPdfFirstPage(data: Uint8Array): Promise<Buffer[]> {
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
  try {
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
    return [canvas.toBuffer('image/png')];
  } finally {
    await task.destroy();
  }
}
