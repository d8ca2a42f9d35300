export {
  createPdfDocument,
  DEJAVU_FONT_FILES,
  type PdfDocument,
  type PdfDocumentOptions,
  type PdfTableColumn,
} from './pdf.ts';
export { PdfRenderPool, pdfUnavailable, type PdfRenderer, type PdfRenderPoolOptions } from './render-pool.ts';
