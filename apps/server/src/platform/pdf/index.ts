export {
  createPdfDocument,
  DEJAVU_FONT_FILES,
  type PdfDocument,
  type PdfDocumentOptions,
  type PdfTableColumn,
} from './pdf.ts';
export { useSharedDejaVu } from './shared-fonts.ts';
export {
  PdfRenderPool,
  pdfRendererIn,
  pdfUnavailable,
  type PdfRenderer,
  type PdfRendererHandle,
  type PdfRenderPoolOptions,
} from './render-pool.ts';
