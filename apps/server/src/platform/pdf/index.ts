export { createPdfDocument, DEJAVU_FONT_FILES, type PdfDocument, type PdfDocumentOptions } from './pdf.ts';
