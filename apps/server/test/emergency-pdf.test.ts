import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { MedicalListItem, Pet } from '@pet/contract';
import {
  renderEmergencyFile,
  type EmergencyFileData,
  type EmergencyPetData,
} from '../src/modules/emergency/emergency.pdf.ts';
import { readPdf } from './support/pdf-text.ts';

/** A plain RGB PNG of width x height (pdfkit must decode it). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Array.from({ length: height }, () => Buffer.alloc(1 + width * 3, 0x80));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const pet: Pet = { id: 'p1', name: 'Bello', pet_type: 'Dog', weights: [] };

function medication(name: string, inUse: 'Yes' | 'No' | null, extra: Partial<MedicalListItem> = {}) {
  return {
    medical_id: name,
    medical_name: name,
    medical_medical_type: 'medication',
    in_use: inUse,
    ...extra,
  } as unknown as MedicalListItem;
}

function file(pets: EmergencyPetData[], language: 'de' | 'en' = 'en'): EmergencyFileData {
  return {
    language,
    brand: { name: 'Pet Portal', supportEmail: 'help@example.org' },
    createdAt: new Date('2026-05-01T10:00:00Z'),
    owner: {
      id: 'u1',
      partnerId: 'x',
      name: 'Erika',
      email: 'erika@example.org',
      phone: null,
      address1: null,
      address2: null,
      zipcode: null,
      city: null,
      country: null,
      disabled: false,
    },
    pets,
  };
}

async function render(data: EmergencyFileData): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderEmergencyFile(data, { compress: false })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Width and height the page draws each image at (pdfkit: `w 0 0 -h x y cm /I1 Do`). */
function drawnImages(pdf: Buffer): Array<{ width: number; height: number }> {
  return [...pdf.toString('latin1').matchAll(/([\d.]+) 0 0 -([\d.]+) [\d.-]+ [\d.-]+ cm\s*\/I\d+ Do/g)].map(
    (match) => ({ width: Number(match[1]), height: Number(match[2]) }),
  );
}

const petData = (overrides: Partial<EmergencyPetData>): EmergencyPetData => ({
  pet,
  photo: null,
  contacts: [],
  medical: [],
  upcoming: [],
  ...overrides,
});

describe('emergency file layout (issue 14 item 17)', () => {
  it('lists current medications under their heading first and the earlier ones briefly after them', async () => {
    const medical = [
      medication('Oldpill', 'No', {
        taking_from: '01.01.2020',
        taking_to: '01.03.2020',
        comments: 'long story',
      }),
      medication('Apoquel', 'Yes', { dosage: '16 mg', comments: 'with food' }),
      medication('Unknownpill', null),
    ];
    for (const [language, current, earlier] of [
      ['en', 'Current medications', 'Earlier medications (no longer given)'],
      ['de', 'Aktuelle Medikamente', 'Frühere Medikamente (nicht mehr gegeben)'],
    ] as const) {
      const { text } = readPdf(await render(file([petData({ medical })], language)));
      const at = (needle: string) => text.indexOf(needle);
      expect(at(current), language).toBeGreaterThan(-1);
      expect(at('Apoquel')).toBeGreaterThan(at(current));
      expect(at(earlier)).toBeGreaterThan(at('Apoquel'));
      expect(at('Oldpill')).toBeGreaterThan(at(earlier));
      // Not Yes is not current: a medication without an answer is listed among the earlier ones.
      expect(at('Unknownpill')).toBeGreaterThan(at(earlier));
      // Briefly: the earlier ones keep their dates, not their comments.
      expect(text).toContain('01.03.2020');
      expect(text).not.toContain('long story');
      expect(text).toContain('with food');
    }
  });

  it('prints a placeholder where the photo is missing, in both languages', async () => {
    const en = await render(file([petData({ photo: null })], 'en'));
    expect(readPdf(en).text).toContain('No photo');
    expect(drawnImages(en)).toEqual([]);
    const de = await render(file([petData({ photo: null })], 'de'));
    expect(readPdf(de).text).toContain('Kein Foto');
    // Bytes pdfkit cannot read get the placeholder too, not a gap.
    const broken = await render(file([petData({ photo: Buffer.from('not an image at all') })], 'en'));
    expect(readPdf(broken).text).toContain('No photo');
  });

  it("keeps the photo's aspect ratio (a landscape photo is not cropped square) and prints no placeholder", async () => {
    for (const [width, height] of [
      [200, 100],
      [90, 300],
      [64, 64],
    ] as const) {
      // A Uint8Array as the photo arrives in the render worker.
      const pdf = await render(file([petData({ photo: new Uint8Array(png(width, height)) })]));
      const [drawn] = drawnImages(pdf);
      expect(drawn, `${width}x${height}`).toBeDefined();
      expect(drawn!.width / drawn!.height).toBeCloseTo(width / height, 2);
      expect(Math.max(drawn!.width, drawn!.height)).toBeCloseTo(130, 0);
      expect(readPdf(pdf).text).not.toContain('No photo');
    }
  });
});
