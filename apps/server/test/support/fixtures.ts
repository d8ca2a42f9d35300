import zlib from 'node:zlib';

/** Small real files built in memory, for upload and type-detection tests. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A ZIP archive (deflate, or stored for entries flagged so), as office formats are. */
export function zip(entries: Array<{ name: string; data: string | Buffer; stored?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data);
    const body = entry.stored ? raw : zlib.deflateRawSync(raw);
    const name = Buffer.from(entry.name);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

export const fixtures = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    ),
  jpeg: () =>
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
      Buffer.from('JFIF\0'),
      Buffer.alloc(64, 1),
    ]),
  docx: () =>
    zip([
      {
        name: '[Content_Types].xml',
        data: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`,
      },
      { name: 'word/document.xml', data: '<w:document/>' },
    ]),
  odt: () =>
    zip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.text', stored: true },
      { name: 'content.xml', data: '<office:document-content/>' },
    ]),
  ole: () =>
    Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512 - 8, 0)]),
  rtf: () => Buffer.from('{\\rtf1\\ansi Hello}'),
  txt: () => Buffer.from('Impfpass von Bello – Tollwut 12.03.2024\nÄrztin: Dr. Müller\n'),
  csv: () => Buffer.from('date;weight\n01.01.2024;12,5\n'),
  dif: () => Buffer.from('TABLE\r\n0,1\r\n""\r\nVECTORS\r\n0,1\r\n""\r\n'),
  dbf: () => {
    const header = Buffer.alloc(65);
    header[0] = 0x03;
    header[1] = 124;
    header[2] = 5;
    header[3] = 17;
    header.writeUInt32LE(1, 4);
    header.writeUInt16LE(65, 8);
    header.writeUInt16LE(11, 10);
    return header;
  },
  /** A Windows executable (MZ header) as an attacker would rename it. */
  exe: () =>
    Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(0x3a, 0),
      Buffer.from([0x80, 0, 0, 0]),
      Buffer.alloc(0x40, 0),
      Buffer.from('PE\0\0'),
      Buffer.alloc(200, 0),
    ]),
  elf: () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]),
  html: () => Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
  svgWithScript: () =>
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
  xmlSvg: () =>
    Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
  binaryJunk: () => Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x10, 0x00, 0x00, 0x9c]),
};

/** A multipart/form-data body with file parts, as a browser sends it. */
export function multipart(
  files: Array<{ field?: string; name: string; type?: string; data: Buffer }>,
  fields: Record<string, string> = {},
) {
  const boundary = `----petportal${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
