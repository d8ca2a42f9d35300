import { inflateSync } from 'node:zlib';

/**
 * Reads a PDF made by pdfkit back for assertions: the page count, the embedded fonts and the text.
 * pdfkit writes text as glyph ids of the embedded (subset) font and maps them back to Unicode in each
 * font's ToUnicode CMap; streams are deflated. Enough of PDF for our own files, not a general parser.
 */
export interface PdfInfo {
  pageCount: number;
  /** BaseFont names of the fonts with an embedded TrueType file (FontFile2). */
  embeddedFonts: string[];
  /** Every text showing operation decoded, one per line, in content order. */
  text: string;
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (const match of source.matchAll(pattern)) {
    const body = match[2]!;
    const bodyStart = match.index + match[0].indexOf(body);
    const streamAt = body.indexOf('stream\n');
    if (streamAt === -1) {
      objects.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const endAt = body.lastIndexOf('\nendstream');
    let stream = pdf.subarray(bodyStart + streamAt + 'stream\n'.length, bodyStart + endAt);
    if (/\/FlateDecode/.test(dict)) stream = inflateSync(stream);
    objects.set(Number(match[1]), { dict, stream });
  }
  return objects;
}

const ref = (dict: string, key: string) => {
  const found = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return found ? Number(found[1]) : null;
};

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const start = parseInt(range[1]!, 16);
    const entries = [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].map((entry) =>
      String.fromCharCode(...entry[1]!.split(' ').map((unit) => parseInt(unit, 16))),
    );
    entries.forEach((text, index) => map.set(start + index, text));
  }
  for (const single of cmap.matchAll(/<([0-9a-f]{4})> <([0-9a-f]{4,})>(?!\s*[[<])/gi)) {
    if (!map.has(parseInt(single[1]!, 16)))
      map.set(parseInt(single[1]!, 16), String.fromCharCode(parseInt(single[2]!, 16)));
  }
  return map;
}

export function readPdf(pdf: Buffer): PdfInfo {
  const objects = objectsOf(pdf);
  const all = [...objects.values()];
  const pages = all.find((o) => /\/Type \/Pages\b/.test(o.dict));
  const pageCount = Number(/\/Count (\d+)/.exec(pages?.dict ?? '')?.[1] ?? 0);

  const embeddedFonts = all
    .filter((o) => /\/Type \/FontDescriptor/.test(o.dict) && /\/FontFile2 \d+ 0 R/.test(o.dict))
    .map((o) => /\/FontName \/([^\s/]+)/.exec(o.dict)?.[1] ?? '?');

  // Font resource names (F1, F2, ...) to their glyph-to-text maps.
  const cmaps = new Map<string, Map<number, string>>();
  for (const o of all) {
    for (const fontRef of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(fontRef[2]));
      const cmapId = font ? ref(font.dict, 'ToUnicode') : null;
      const cmap = cmapId !== null ? objects.get(cmapId)?.stream : null;
      if (cmap && !cmaps.has(fontRef[1]!)) cmaps.set(fontRef[1]!, parseCmap(cmap.toString('latin1')));
    }
  }

  const lines: string[] = [];
  for (const o of all) {
    if (!o.stream || !/\bBT\b/.test(o.stream.toString('latin1'))) continue;
    const content = o.stream.toString('latin1');
    let font: Map<number, string> | undefined;
    const decode = (hex: string) => {
      let text = '';
      for (let i = 0; i + 4 <= hex.length; i += 4) text += font?.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      return text;
    };
    for (const op of content.matchAll(
      /\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[^\]<])*)\] TJ|<([0-9a-f]*)> Tj/gi,
    )) {
      if (op[1]) font = cmaps.get(op[1]);
      else if (op[2] !== undefined)
        lines.push([...op[2].matchAll(/<([0-9a-f]*)>/gi)].map((part) => decode(part[1]!)).join(''));
      else if (op[3] !== undefined) lines.push(decode(op[3]));
    }
  }
  return { pageCount, embeddedFonts, text: lines.join('\n') };
}
