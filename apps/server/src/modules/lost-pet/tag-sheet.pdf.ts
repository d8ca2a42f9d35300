import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { DEJAVU_FONT_FILES } from '../../platform/pdf/pdf.ts';

/** What the tag sheet prints (structured-clone safe: it crosses into the PDF render worker). */
export interface TagSheetData {
  language: 'en' | 'de';
  brandName: string;
  petName: string;
  /** The public page the QR codes open. */
  url: string;
}

const TEXTS = {
  en: {
    title: (pet: string) => `Lost-pet tag for ${pet}`,
    howTo:
      'Cut out a wallet card for your purse and the collar, or stick a round tag onto the collar tag. ' +
      'Anyone who finds your pet scans the code and can message you at once. A new tag in the app ' +
      'makes these codes stop working.',
    found: 'Found me?',
    scan: 'Scan the code or open:',
    thanks: 'Thank you for helping me home!',
    sticker: 'Scan me',
  },
  de: {
    title: (pet: string) => `Fundmarke für ${pet}`,
    howTo:
      'Schneiden Sie eine Karte für Geldbörse und Halsband aus oder kleben Sie eine runde Marke auf die ' +
      'Halsbandmarke. Wer Ihr Tier findet, scannt den Code und kann Sie sofort benachrichtigen. Eine neue ' +
      'Marke in der App macht diese Codes ungültig.',
    found: 'Gefunden?',
    scan: 'Code scannen oder öffnen:',
    thanks: 'Danke, dass Sie mir nach Hause helfen!',
    sticker: 'Scan mich',
  },
} as const;

const MM = 72 / 25.4;
/** ISO/IEC 7810 ID-1, the size of a bank card: fits every wallet. */
const CARD = { width: 85.6 * MM, height: 54 * MM };
const STICKER_DIAMETER = 30 * MM;
const MARGIN = 36;
const INK = '#222222';
const MUTED = '#666666';

/**
 * The lost-pet tag sheet: A4 with six wallet cards (QR code, pet name, address) and round collar
 * stickers, cut lines dashed. Runs in the PDF render worker (platform/pdf/render-pool.ts).
 */
export async function renderTagSheet(data: TagSheetData): Promise<Readable> {
  const texts = TEXTS[data.language];
  const qr = await QRCode.toBuffer(data.url, {
    type: 'png',
    errorCorrectionLevel: 'Q',
    margin: 1,
    width: 600,
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: texts.title(data.petName), Author: data.brandName },
  });
  doc.registerFont('regular', DEJAVU_FONT_FILES.regular);
  doc.registerFont('bold', DEJAVU_FONT_FILES.bold);
  const pageWidth = doc.page.width - 2 * MARGIN;

  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(texts.title(data.petName), MARGIN, MARGIN, { width: pageWidth });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(9.5).fillColor(MUTED).text(texts.howTo, { width: pageWidth });
  let y = doc.y + 14;

  // Wallet cards: two columns, three rows.
  const gapX = pageWidth - 2 * CARD.width;
  for (let row = 0; row < 3; row += 1) {
    for (let column = 0; column < 2; column += 1) {
      drawCard(doc, MARGIN + column * (CARD.width + gapX), y + row * (CARD.height + 10), qr, data, texts);
    }
  }
  y += 3 * (CARD.height + 10) + 6;

  // Round stickers for the collar tag, as many as fit in two rows.
  const perRow = Math.floor((pageWidth + 10) / (STICKER_DIAMETER + 10));
  for (let row = 0; row < 2; row += 1) {
    for (let i = 0; i < perRow; i += 1) {
      const cx = MARGIN + STICKER_DIAMETER / 2 + i * (STICKER_DIAMETER + 10);
      const cy = y + STICKER_DIAMETER / 2 + row * (STICKER_DIAMETER + 10);
      drawSticker(doc, cx, cy, qr, texts.sticker);
    }
  }
  doc.end();
  return doc as unknown as Readable;
}

function drawCard(
  doc: PDFKit.PDFDocument,
  x: number,
  y: number,
  qr: Buffer,
  data: TagSheetData,
  texts: (typeof TEXTS)[keyof typeof TEXTS],
) {
  doc.save().lineWidth(0.6).dash(3, { space: 3 }).strokeColor('#999999');
  doc.roundedRect(x, y, CARD.width, CARD.height, 8).stroke().restore();
  const qrSize = CARD.height - 20;
  doc.image(qr, x + 10, y + 10, { width: qrSize, height: qrSize });
  const textX = x + 10 + qrSize + 10;
  const textWidth = CARD.width - (textX - x) - 10;
  doc
    .font('regular')
    .fontSize(7)
    .fillColor(MUTED)
    .text(data.brandName, textX, y + 12, { width: textWidth });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(texts.found, textX, doc.y + 2, { width: textWidth });
  doc
    .font('bold')
    .fontSize(11)
    .text(data.petName, textX, doc.y + 1, { width: textWidth, height: 28, ellipsis: true });
  doc
    .font('regular')
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(texts.scan, textX, doc.y + 3, { width: textWidth });
  doc
    .font('regular')
    .fontSize(6)
    .fillColor(INK)
    .text(data.url, textX, doc.y + 1, { width: textWidth });
  doc
    .font('regular')
    .fontSize(6.5)
    .fillColor(MUTED)
    .text(texts.thanks, textX, y + CARD.height - 18, {
      width: textWidth,
    });
}

function drawSticker(doc: PDFKit.PDFDocument, cx: number, cy: number, qr: Buffer, label: string) {
  const radius = STICKER_DIAMETER / 2;
  doc
    .save()
    .lineWidth(0.6)
    .dash(3, { space: 3 })
    .strokeColor('#999999')
    .circle(cx, cy, radius)
    .stroke()
    .restore();
  // The largest square inside the circle, less a ring for the label.
  const qrSize = radius * 1.2;
  doc.image(qr, cx - qrSize / 2, cy - qrSize / 2 - 3, { width: qrSize, height: qrSize });
  doc
    .font('bold')
    .fontSize(6)
    .fillColor(INK)
    .text(label, cx - radius, cy + qrSize / 2 - 1, {
      width: STICKER_DIAMETER,
      align: 'center',
    });
}
