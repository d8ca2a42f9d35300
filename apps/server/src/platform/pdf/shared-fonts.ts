import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';

const requireFromHere = createRequire(import.meta.url);
const dejavuDir = path.join(path.dirname(requireFromHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const DEJAVU_FONT_FILES = {
  regular: path.join(dejavuDir, 'DejaVuSans.ttf'),
  bold: path.join(dejavuDir, 'DejaVuSans-Bold.ttf'),
} as const;

type Face = keyof typeof DEJAVU_FONT_FILES;

/** The parts of pdfkit's font handling (not in its type declarations) used here. */
interface PdfkitFonts {
  _font: {
    font: object;
    constructor: new (doc: PDFKit.PDFDocument, font: object, id: string) => EmbeddedFont;
  };
  _fontFamilies: Record<string, EmbeddedFont>;
  _fontCount: number;
}
interface EmbeddedFont {
  /** Text run to its glyphs and positions (pdfkit never changes a run once made). */
  layoutCache?: Record<string, unknown>;
}

/** Documents after which the shared layouts start afresh (they hold every word laid out since). */
const LAYOUT_CACHE_DOCUMENTS = 100;

let shared: {
  embeddedFont: PdfkitFonts['_font']['constructor'];
  parsed: Record<Face, object>;
  layouts: Record<Face, Record<string, unknown>>;
  documents: number;
} | null = null;

/**
 * DejaVu for a pdfkit document, parsed once per process (or render worker). pdfkit parses a font
 * in every document that uses it, and the new font object then shapes every word afresh (GSUB/GPOS
 * lookups): with DejaVu's large layout tables that was most of an invoice's time. Here each
 * document gets its own embedded font (its own subset) over the one parsed fontkit font, and the
 * words' layouts are shared; the output is the same bytes.
 *
 * `faces`: the document's font names in the order the document first uses them. Their ids are F2,
 * F3, ...: the ones pdfkit gave them after its default Helvetica (F1), which a document made with
 * `font: null` no longer parses (a tenth of a small document's time).
 */
export function useSharedDejaVu(
  doc: PDFKit.PDFDocument,
  faces: ReadonlyArray<readonly [name: string, face: Face]>,
): void {
  if (!shared) {
    const probe = new PDFDocument({ autoFirstPage: false }) as unknown as PDFKit.PDFDocument & PdfkitFonts;
    const parse = (face: Face) => {
      probe.font(fs.readFileSync(DEJAVU_FONT_FILES[face]));
      return probe._font;
    };
    const regular = parse('regular');
    shared = {
      embeddedFont: regular.constructor,
      parsed: { regular: regular.font, bold: parse('bold').font },
      layouts: { regular: {}, bold: {} },
      documents: 0,
    };
  }
  if (++shared.documents > LAYOUT_CACHE_DOCUMENTS) {
    shared.layouts = { regular: {}, bold: {} };
    shared.documents = 1;
  }
  const fonts = doc as unknown as PdfkitFonts;
  if (fonts._fontCount !== 0) throw new Error('useSharedDejaVu needs a document made with font: null');
  faces.forEach(([name, face], index) => {
    doc.registerFont(name, DEJAVU_FONT_FILES[face]);
    const font = new shared!.embeddedFont(doc, shared!.parsed[face], `F${index + 2}`);
    font.layoutCache = shared!.layouts[face];
    fonts._fontFamilies[name] = font;
  });
  fonts._fontCount = faces.length + 1;
}
