import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { useSharedDejaVu } from './shared-fonts.ts';

/**
 * PDFs (DESIGN.md section 7): a small document builder over pdfkit. Every document is A4 with the
 * DejaVu Sans font embedded (subset), so every name prints (Größe, Ł, é, ...). Modules describe
 * content in blocks (title, headings, label/value rows, paragraphs, an image); the builder does the
 * layout: page breaks before a block that does not fit, a header band on every page (with the
 * continuation label of the section a page continues, e.g. "Bello (continued)") and a footer with
 * the page number. The document is a stream: `end()` answers it for the reply, nothing is written
 * to disk.
 */

export { DEJAVU_FONT_FILES } from './shared-fonts.ts';

export interface PdfDocumentOptions {
  /** Document info title. */
  title: string;
  author?: string;
  /** Left of the header band on every page (e.g. the brand's name). */
  headerLeft: string;
  /** Right of the header band on every page (e.g. the document's name and date). */
  headerRight: string;
  /** Left of the footer on every page (e.g. the support contact). */
  footerLeft: string;
  /** The footer's page number, e.g. (page, count) => `Page ${page} of ${count}`. */
  pageLabel: (page: number, count: number) => string;
  /** Deflate the content streams (default true; false only to inspect the raw output). */
  compress?: boolean;
}

export interface PdfDocument {
  /** The document's first line: large and bold. */
  title(text: string): void;
  /** A section heading (e.g. a pet's name). */
  heading(text: string): void;
  /** A heading inside a section (e.g. "Contacts"). */
  subheading(text: string): void;
  /**
   * Label/value rows; rows whose value is empty are left out. `aside`: an image (JPEG or PNG bytes)
   * fitted into a square of `asideSize` points right of the rows, its aspect ratio kept (never
   * cropped). Without an image pdfkit can read, `asidePlaceholder` (a text) prints a framed square
   * in its place instead of a gap. Answers whether any row printed.
   */
  fields(
    rows: ReadonlyArray<readonly [label: string, value: string | null | undefined]>,
    options?: { aside?: Uint8Array | null; asideSize?: number; asidePlaceholder?: string },
  ): boolean;
  /** A paragraph of text; `muted` prints it grey and smaller. */
  paragraph(text: string, options?: { muted?: boolean; bold?: boolean }): void;
  /** A bullet line with an optional bold lead-in (the item's name). */
  bullet(lead: string, rest?: string | null): void;
  /**
   * An image (JPEG or PNG bytes) fitted into a box, left-aligned. Answers false (and draws nothing)
   * when pdfkit cannot read the bytes.
   */
  image(bytes: Uint8Array, box: { width: number; height: number }): boolean;
  /**
   * A table: a bold header row, then the rows; cells wrap within their column, a row never splits
   * over a page break, and the header row is repeated on every page the table continues on.
   * Column widths are relative weights (e.g. [1, 2, 1]) of the content width.
   */
  table(
    columns: ReadonlyArray<PdfTableColumn>,
    rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>,
  ): void;
  /** Vertical space in points. */
  space(points: number): void;
  /**
   * The label printed in the header band of every further page while this section goes on
   * (null: none). Set it after the section's heading.
   */
  continuation(label: string | null): void;
  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void;
  /** Draws headers and footers, ends the document and answers its byte stream. */
  end(): Readable;
  /** Aborts the document (its stream errors with `error`). */
  destroy(error: Error): void;
}

export interface PdfTableColumn {
  header: string;
  /** Relative width (weights of all columns share the content width). */
  weight?: number;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 82, bottom: 62, left: 50, right: 50 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const LABEL_WIDTH = 150;
const COLORS = { text: '#1a1a1a', muted: '#666666', accent: '#b34700', rule: '#cccccc' };
const REGULAR = 'DejaVu';
/** The parsed image pdfkit answers from openImage (not in its type declarations). */
interface OpenedImage {
  width: number;
  height: number;
}
const BOLD = 'DejaVu-Bold';

class PdfKitDocument implements PdfDocument {
  private readonly doc: PDFKit.PDFDocument;
  /** Continuation label per page index (0-based), drawn with the header at the end. */
  private readonly pageLabels: Array<string | null> = [];
  private currentLabel: string | null = null;

  constructor(private readonly options: PdfDocumentOptions) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: MARGIN,
      compress: options.compress ?? true,
      bufferPages: true,
      autoFirstPage: false,
      // No default Helvetica: parsing its metrics cost each document a tenth of its time, and
      // every text is set in DejaVu (shared-fonts.ts).
      font: null as unknown as string,
      info: {
        Title: options.title,
        Author: options.author ?? options.headerLeft,
        Creator: options.headerLeft,
      },
    });
    // Regular first: every page starts with it (the ids it had when pdfkit loaded them).
    useSharedDejaVu(this.doc, [
      [REGULAR, 'regular'],
      [BOLD, 'bold'],
    ]);
    this.doc.on('pageAdded', () => {
      this.pageLabels.push(this.currentLabel);
      this.doc.font(REGULAR).fontSize(10).fillColor(COLORS.text);
    });
    this.doc.addPage();
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  continuation(label: string | null): void {
    this.currentLabel = label;
  }

  title(text: string): void {
    this.doc.font(BOLD).fontSize(20);
    this.ensureSpace(this.doc.heightOfString(text, { width: CONTENT_WIDTH }) + 10);
    this.doc.fillColor(COLORS.accent).text(text, MARGIN.left, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.4);
    this.doc.fillColor(COLORS.text);
  }

  heading(text: string): void {
    this.doc.font(BOLD).fontSize(15);
    // A heading never ends a page: keep room for a few lines under it.
    this.ensureSpace(this.doc.heightOfString(text, { width: CONTENT_WIDTH }) + 70);
    this.doc.moveDown(0.3);
    this.doc.fillColor(COLORS.accent).text(text, MARGIN.left, this.doc.y, { width: CONTENT_WIDTH });
    const y = this.doc.y + 2;
    this.doc
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + CONTENT_WIDTH, y)
      .lineWidth(1)
      .strokeColor(COLORS.accent)
      .stroke();
    this.doc.y = y + 6;
    this.doc.fillColor(COLORS.text);
  }

  subheading(text: string): void {
    this.doc.font(BOLD).fontSize(11.5);
    this.ensureSpace(this.doc.heightOfString(text, { width: CONTENT_WIDTH }) + 40);
    this.doc.moveDown(0.5);
    this.doc.fillColor(COLORS.text).text(text, MARGIN.left, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.15);
  }

  fields(
    rows: ReadonlyArray<readonly [string, string | null | undefined]>,
    options: { aside?: Uint8Array | null; asideSize?: number; asidePlaceholder?: string } = {},
  ): boolean {
    const printable = rows.filter(([, value]) => value?.trim());
    const aside = options.aside ? this.open(options.aside) : null;
    const placeholder = aside ? null : (options.asidePlaceholder ?? null);
    const asideSize = options.asideSize ?? 120;
    const valueX = MARGIN.left + LABEL_WIDTH;
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH - (aside || placeholder ? asideSize + 16 : 0);
    let asideEnd: { page: number; y: number } | null = null;
    if (aside) {
      // Fitted, not cropped: a landscape photo stays landscape.
      const scale = Math.min(asideSize / aside.width, asideSize / aside.height);
      const width = aside.width * scale;
      const height = aside.height * scale;
      this.ensureSpace(height + 6);
      const y = this.doc.y;
      this.doc.image(aside as unknown as Buffer, MARGIN.left + CONTENT_WIDTH - width, y, { width, height });
      asideEnd = { page: this.pageIndex(), y: y + height + 6 };
    } else if (placeholder) {
      this.ensureSpace(asideSize + 6);
      const y = this.doc.y;
      const x = MARGIN.left + CONTENT_WIDTH - asideSize;
      this.doc
        .roundedRect(x, y, asideSize, asideSize, 6)
        .lineWidth(1)
        .dash(4, { space: 3 })
        .strokeColor(COLORS.rule)
        .stroke();
      this.doc.undash();
      this.doc.font(REGULAR).fontSize(9).fillColor(COLORS.muted);
      const textHeight = this.doc.heightOfString(placeholder, { width: asideSize - 16, align: 'center' });
      this.doc.text(placeholder, x + 8, y + (asideSize - textHeight) / 2, {
        width: asideSize - 16,
        align: 'center',
      });
      this.doc.fillColor(COLORS.text);
      asideEnd = { page: this.pageIndex(), y: y + asideSize + 6 };
      this.doc.y = y;
    }
    for (const [label, raw] of printable) {
      const value = raw!.trim();
      this.doc.fontSize(10);
      const height = Math.max(
        this.doc.font(BOLD).heightOfString(label, { width: LABEL_WIDTH - 8 }),
        this.doc.font(REGULAR).heightOfString(value, { width: valueWidth }),
      );
      this.ensureSpace(height + 3);
      const y = this.doc.y;
      this.doc
        .font(BOLD)
        .fillColor(COLORS.muted)
        .text(label, MARGIN.left, y, { width: LABEL_WIDTH - 8 });
      this.doc.font(REGULAR).fillColor(COLORS.text).text(value, valueX, y, { width: valueWidth });
      this.doc.x = MARGIN.left;
      this.doc.y = y + height + 3;
    }
    // Continue below the image when the rows ended beside it on the same page.
    if (asideEnd && asideEnd.page === this.pageIndex() && asideEnd.y > this.doc.y) this.doc.y = asideEnd.y;
    return printable.length > 0;
  }

  paragraph(text: string, options: { muted?: boolean; bold?: boolean } = {}): void {
    this.doc.font(options.bold ? BOLD : REGULAR).fontSize(options.muted ? 9 : 10);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH });
    // Longer than a page: let pdfkit flow it over the break (the header still names the section).
    this.ensureSpace(Math.min(height, this.bottom - MARGIN.top) + 3);
    this.doc
      .fillColor(options.muted ? COLORS.muted : COLORS.text)
      .text(text, MARGIN.left, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.2);
    this.doc.fillColor(COLORS.text);
  }

  bullet(lead: string, rest?: string | null): void {
    const indent = 12;
    const width = CONTENT_WIDTH - indent;
    const tail = rest?.trim() ? ` – ${rest.trim()}` : '';
    this.doc.fontSize(10);
    const height = this.doc.font(REGULAR).heightOfString(`${lead}${tail}`, { width });
    this.ensureSpace(Math.min(height, this.bottom - MARGIN.top) + 3);
    const y = this.doc.y;
    this.doc.font(REGULAR).fillColor(COLORS.accent).text('•', MARGIN.left, y, { width: indent });
    this.doc
      .font(BOLD)
      .fillColor(COLORS.text)
      .text(lead, MARGIN.left + indent, y, { width, continued: tail !== '' });
    if (tail) this.doc.font(REGULAR).text(tail);
    this.doc.x = MARGIN.left;
    this.doc.moveDown(0.25);
  }

  image(bytes: Uint8Array, box: { width: number; height: number }): boolean {
    const image = this.open(bytes);
    if (!image) return false;
    const scale = Math.min(box.width / image.width, box.height / image.height);
    const height = image.height * scale;
    this.ensureSpace(height + 8);
    const y = this.doc.y;
    this.doc.image(image as unknown as Buffer, MARGIN.left, y, { width: image.width * scale, height });
    this.doc.x = MARGIN.left;
    this.doc.y = y + height + 8;
    return true;
  }

  table(
    columns: ReadonlyArray<PdfTableColumn>,
    rows: ReadonlyArray<ReadonlyArray<string | null | undefined>>,
  ): void {
    const padding = 4;
    const total = columns.reduce((sum, column) => sum + (column.weight ?? 1), 0);
    const widths = columns.map((column) => (CONTENT_WIDTH * (column.weight ?? 1)) / total);
    const xs = widths.map((_, i) => MARGIN.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const heightOf = (cells: ReadonlyArray<string>, font: string, size: number) => {
      this.doc.font(font).fontSize(size);
      return (
        Math.max(
          ...cells.map((cell, i) =>
            this.doc.heightOfString(cell || ' ', { width: widths[i]! - 2 * padding }),
          ),
        ) +
        2 * padding
      );
    };
    const headers = columns.map((column) => column.header);
    const headerHeight = heightOf(headers, BOLD, 9);
    const drawRow = (cells: ReadonlyArray<string>, header: boolean, height: number, shaded: boolean) => {
      const y = this.doc.y;
      if (header || shaded) {
        this.doc
          .rect(MARGIN.left, y, CONTENT_WIDTH, height)
          .fillColor(header ? '#f3e6dc' : '#f7f7f7')
          .fill();
      }
      this.doc
        .font(header ? BOLD : REGULAR)
        .fontSize(9)
        .fillColor(COLORS.text);
      cells.forEach((cell, i) => {
        this.doc.text(cell, xs[i]! + padding, y + padding, { width: widths[i]! - 2 * padding });
      });
      this.doc
        .moveTo(MARGIN.left, y + height)
        .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      this.doc.x = MARGIN.left;
      this.doc.y = y + height;
    };
    const drawHeader = () => drawRow(headers, true, headerHeight, false);
    const cellsOf = (row: ReadonlyArray<string | null | undefined>) =>
      columns.map((_, i) => row[i]?.trim() ?? '');
    const first = rows[0] ? heightOf(cellsOf(rows[0]), REGULAR, 9) : 0;
    // The header never ends a page alone.
    this.ensureSpace(headerHeight + first);
    drawHeader();
    rows.forEach((row, index) => {
      const cells = cellsOf(row);
      const height = heightOf(cells, REGULAR, 9);
      if (this.doc.y + height > this.bottom) {
        this.doc.addPage();
        drawHeader();
      }
      drawRow(cells, false, height, index % 2 === 1);
    });
    this.doc.moveDown(0.6);
    this.doc.fillColor(COLORS.text);
  }

  /** Parses image bytes without drawing (null when pdfkit cannot read them). */
  private open(bytes: Uint8Array): OpenedImage | null {
    try {
      // Bytes that crossed into a render worker arrive as a Uint8Array; pdfkit wants a Buffer.
      const buffer = Buffer.isBuffer(bytes)
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return (this.doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(buffer);
    } catch {
      return null;
    }
  }

  private pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  space(points: number): void {
    this.doc.y += points;
  }

  end(): Readable {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      this.drawHeader(this.pageLabels[i - range.start] ?? null);
      this.drawFooter(i - range.start + 1, range.count);
    }
    this.doc.flushPages();
    this.doc.end();
    return this.doc;
  }

  destroy(error: Error): void {
    this.doc.destroy(error);
  }

  /** Header and footer lie in the margins: margins are lifted while drawing so no page is added. */
  private inMargins(draw: () => void) {
    const margins = { ...this.doc.page.margins };
    this.doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
    try {
      draw();
    } finally {
      this.doc.page.margins = margins;
    }
  }

  private drawHeader(label: string | null) {
    this.inMargins(() => {
      const y = 30;
      const half = CONTENT_WIDTH / 2;
      this.doc
        .font(BOLD)
        .fontSize(11)
        .fillColor(COLORS.accent)
        .text(this.options.headerLeft, MARGIN.left, y, { width: half, lineBreak: false, ellipsis: true });
      this.doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(this.options.headerRight, MARGIN.left + half, y + 2, {
          width: half,
          align: 'right',
          lineBreak: false,
          ellipsis: true,
        });
      if (label) {
        this.doc
          .font(BOLD)
          .fontSize(10)
          .fillColor(COLORS.text)
          .text(label, MARGIN.left, y + 20, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
      }
      const ruleY = MARGIN.top - 12;
      this.doc
        .moveTo(MARGIN.left, ruleY)
        .lineTo(MARGIN.left + CONTENT_WIDTH, ruleY)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
    });
  }

  private drawFooter(page: number, count: number) {
    this.inMargins(() => {
      const ruleY = A4.height - MARGIN.bottom + 14;
      this.doc
        .moveTo(MARGIN.left, ruleY)
        .lineTo(MARGIN.left + CONTENT_WIDTH, ruleY)
        .lineWidth(0.5)
        .strokeColor(COLORS.rule)
        .stroke();
      const y = ruleY + 8;
      const pageText = this.options.pageLabel(page, count);
      this.doc.font(REGULAR).fontSize(8.5).fillColor(COLORS.muted);
      this.doc.text(this.options.footerLeft, MARGIN.left, y, {
        width: CONTENT_WIDTH - 90,
        lineBreak: false,
        ellipsis: true,
      });
      this.doc.text(pageText, MARGIN.left + CONTENT_WIDTH - 90, y, {
        width: 90,
        align: 'right',
        lineBreak: false,
      });
    });
  }
}

/** A new A4 document with DejaVu Sans embedded; fill it, then `end()` and send the stream. */
export function createPdfDocument(options: PdfDocumentOptions): PdfDocument {
  return new PdfKitDocument(options);
}
