import { Readable } from 'node:stream';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { sellerDate } from '@pet/contract';
import { createPdfDocument } from '../../platform/pdf/index.ts';
import {
  petFields,
  RECORD_TEXTS,
  type PetRecordData,
  type RecordLanguage,
  type RecordMedication,
} from './record.pdf.ts';

/**
 * The vet handover (issue 17 "Exports"): ONE PDF of a summary page (pet, owner contact, current
 * medications, allergies and medical alerts, vet contact, the list of attached documents) followed
 * by the chosen documents: PDFs' pages appended as they are, images (JPEG or PNG; the service
 * converts other image types first) one per A4 page scaled to fit. Other file types, and PDFs that
 * cannot be read (broken, encrypted), are listed on the summary as not included. Runs in the PDF
 * render pool (parsing and merging is CPU work that must not hold the event loop).
 */

export type HandoverFileKind = 'pdf' | 'image' | 'other';

export interface HandoverFile {
  /** Canonical extension (pdf, jpg, png, docx ...). */
  ext: string;
  kind: HandoverFileKind;
  /** The bytes of a pdf, or JPEG/PNG bytes of an image; null for other files. */
  bytes: Uint8Array | null;
}

export interface HandoverDocument {
  documentType: string;
  description: string;
  /** ISO timestamp of the upload. */
  createdAt: string;
  files: HandoverFile[];
}

export interface HandoverData {
  language: RecordLanguage;
  brand: { name: string; supportEmail: string };
  createdAt: Date;
  pet: PetRecordData['pet'];
  owner: { name: string; email: string; phone: string | null; address: string | null };
  /** Medications in use (or whose period has not ended). */
  medications: RecordMedication[];
  alerts: Array<{ kind: 'allergy' | 'disease'; name: string; detail: string | null }>;
  vets: Array<{ name: string; phone: string | null; email: string | null; address: string | null }>;
  documents: HandoverDocument[];
  compress?: boolean;
}

const TEXTS = {
  en: {
    title: 'Vet handover',
    owner: 'Owner',
    name: 'Name',
    address: 'Address',
    phone: 'Phone',
    email: 'E-mail',
    vet: 'Vet',
    noVet: 'No vet contact recorded.',
    medications: 'Current medications',
    noMedications: 'No current medications.',
    alerts: 'Allergies and medical alerts',
    noAlerts: 'No allergies or acute diseases recorded.',
    allergy: 'Allergy',
    disease: 'Disease (acute)',
    documents: 'Attached documents',
    noDocuments: 'No documents attached.',
    document: 'Document',
    uploaded: 'Uploaded',
    contents: 'In this PDF',
    pages: (count: number) => (count === 1 ? '1 page' : `${count} pages`),
    image: 'image, 1 page',
    notIncluded: (ext: string) => `${ext.toUpperCase()}: not included`,
    unreadable: 'PDF could not be read: not included',
    types: {} as Record<string, string>,
  },
  de: {
    title: 'Übergabe an den Tierarzt',
    owner: 'Halter',
    name: 'Name',
    address: 'Adresse',
    phone: 'Telefon',
    email: 'E-Mail',
    vet: 'Tierarzt',
    noVet: 'Kein Tierarzt-Kontakt erfasst.',
    medications: 'Aktuelle Medikamente',
    noMedications: 'Keine aktuellen Medikamente.',
    alerts: 'Allergien und medizinische Hinweise',
    noAlerts: 'Keine Allergien oder akuten Erkrankungen erfasst.',
    allergy: 'Allergie',
    disease: 'Erkrankung (akut)',
    documents: 'Beigefügte Dokumente',
    noDocuments: 'Keine Dokumente beigefügt.',
    document: 'Dokument',
    uploaded: 'Hochgeladen',
    contents: 'In diesem PDF',
    pages: (count: number) => (count === 1 ? '1 Seite' : `${count} Seiten`),
    image: 'Bild, 1 Seite',
    notIncluded: (ext: string) => `${ext.toUpperCase()}: nicht enthalten`,
    unreadable: 'PDF nicht lesbar: nicht enthalten',
    types: {
      Bills: 'Rechnungen',
      'Certificate of Descent': 'Abstammungsnachweis',
      Others: 'Sonstiges',
      'Dog Tax': 'Hundesteuer',
      Insurance: 'Versicherung',
      'EU Pet Passport': 'EU-Heimtierausweis',
      Diagnoses: 'Diagnosen',
      'Laboratory Findings': 'Laborbefunde',
      Photos: 'Fotos',
      Prescriptions: 'Rezepte',
      'X-rays': 'Röntgenbilder',
      'Ultrasound Images': 'Ultraschallbilder',
    } as Record<string, string>,
  },
} as const;

const A4 = { width: 595.28, height: 841.89 };
const IMAGE_MARGIN = 36;

/** A source PDF that pdf-lib could read, or null (then it is listed as not included). */
async function loadPdf(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    return pdf.getPageCount() > 0 ? pdf : null;
  } catch {
    return null;
  }
}

const isPng = (bytes: Uint8Array) => bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50;

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Builds the handover PDF; answers its bytes. */
export async function buildHandover(data: HandoverData): Promise<Uint8Array> {
  const t = TEXTS[data.language];
  const r = RECORD_TEXTS[data.language];
  // Read the sources first: the summary says what made it in.
  const sources = await Promise.all(
    data.documents.map((document) =>
      Promise.all(
        document.files.map(async (file) =>
          file.kind === 'pdf' && file.bytes ? await loadPdf(file.bytes) : null,
        ),
      ),
    ),
  );

  const created = sellerDate(data.createdAt);
  const title = `${t.title} – ${data.pet.name}`;
  const summary = createPdfDocument({
    title,
    author: data.brand.name,
    headerLeft: data.brand.name,
    headerRight: `${t.title} · ${created}`,
    footerLeft: `${r.support}: ${data.brand.supportEmail}`,
    pageLabel: r.page,
    compress: data.compress,
  });
  try {
    summary.title(title);
    summary.paragraph(r.created(created), { muted: true });
    summary.subheading(r.pet);
    petFields(summary, data.pet, data.language);
    summary.subheading(t.owner);
    summary.fields([
      [t.name, data.owner.name],
      [t.address, data.owner.address],
      [t.phone, data.owner.phone],
      [t.email, data.owner.email],
    ]);
    summary.subheading(t.vet);
    if (data.vets.length === 0) summary.paragraph(t.noVet, { muted: true });
    for (const vet of data.vets) {
      summary.fields([
        [t.name, vet.name],
        [t.address, vet.address],
        [t.phone, vet.phone],
        [t.email, vet.email],
      ]);
    }
    summary.continuation(data.pet.name);
    summary.heading(t.alerts);
    if (data.alerts.length === 0) summary.paragraph(t.noAlerts, { muted: true });
    for (const alert of data.alerts) {
      summary.bullet(`${alert.kind === 'allergy' ? t.allergy : t.disease}: ${alert.name}`, alert.detail);
    }
    summary.heading(t.medications);
    if (data.medications.length === 0) summary.paragraph(t.noMedications, { muted: true });
    else {
      summary.table(
        [
          { header: r.medication, weight: 1.8 },
          { header: r.dosage, weight: 1.8 },
          { header: r.from, weight: 1 },
          { header: r.to, weight: 1 },
        ],
        data.medications.map((row) => [
          [row.name, row.reason ? r.for(row.reason) : null].filter(Boolean).join('\n'),
          [row.dosage, row.schedule].filter(Boolean).join(', '),
          row.from,
          row.to,
        ]),
      );
    }
    summary.heading(t.documents);
    if (data.documents.length === 0) summary.paragraph(t.noDocuments, { muted: true });
    else {
      summary.table(
        [
          { header: '#', weight: 0.3 },
          { header: t.document, weight: 2.6 },
          { header: t.uploaded, weight: 1 },
          { header: t.contents, weight: 2 },
        ],
        data.documents.map((document, index) => [
          String(index + 1),
          [t.types[document.documentType] ?? document.documentType, document.description]
            .filter(Boolean)
            .join(': '),
          sellerDate(document.createdAt),
          document.files
            .map((file, fileIndex) => {
              if (file.kind === 'image' && file.bytes) return t.image;
              if (file.kind === 'pdf') {
                const source = sources[index]![fileIndex];
                return source ? `PDF, ${t.pages(source.getPageCount())}` : t.unreadable;
              }
              return t.notIncluded(file.ext);
            })
            .join('\n'),
        ]),
      );
    }
  } catch (error) {
    summary.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  const out = await PDFDocument.load(await streamToBuffer(summary.end()));
  for (const [index, document] of data.documents.entries()) {
    for (const [fileIndex, file] of document.files.entries()) {
      const source = sources[index]![fileIndex];
      if (source) {
        const pages = await out.copyPages(source, source.getPageIndices());
        for (const page of pages) out.addPage(page);
      } else if (file.kind === 'image' && file.bytes) {
        let image: PDFImage;
        try {
          image = isPng(file.bytes) ? await out.embedPng(file.bytes) : await out.embedJpg(file.bytes);
        } catch {
          continue;
        }
        const page = out.addPage([A4.width, A4.height]);
        const box = { width: A4.width - 2 * IMAGE_MARGIN, height: A4.height - 2 * IMAGE_MARGIN };
        const scale = Math.min(box.width / image.width, box.height / image.height, 1);
        const width = image.width * scale;
        const height = image.height * scale;
        page.drawImage(image, {
          x: (A4.width - width) / 2,
          y: (A4.height - height) / 2,
          width,
          height,
        });
      }
    }
  }
  out.setTitle(title);
  out.setProducer(data.brand.name);
  return out.save();
}

/** The render worker's entry (platform/pdf/render-pool.ts; pet-records-export.service.ts names it). */
export async function renderHandoverJob(data: HandoverData): Promise<Readable> {
  return Readable.from([Buffer.from(await buildHandover(data))]);
}
