// Generation time of an invoice PDF (renderInvoicePdf: A4 with the DejaVu font embedded as a
// subset, letterhead, line items, totals, payment notice; stream read to its end) over a plain
// pdfkit one-page document (one line in a standard font), measured in one run on one machine:
// rounds alternate the two, each timed in this process's CPU time (user + system), which a busy
// shared machine disturbs far less than the wall clock; the median of the rounds' ratios counts.
// Results by date: bench/HISTORY.md.
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { BRANDS } from '@pet/contract';
import {
  renderInvoicePdf,
  type InvoiceDocumentData,
} from '../apps/server/src/modules/subscription/billing/invoice.pdf.ts';

const DOCUMENTS = Number(process.env.BENCH_PDF_ROUNDS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Budget (issue 38): an invoice costs at most this many plain one-page documents. */
const MAX_RATIO = 5;

const seller = BRANDS.primepet.seller;
const invoice: InvoiceDocumentData = {
  kind: 'invoice',
  language: 'de',
  seller: {
    ...seller,
    country: 'Deutschland',
    supportEmail: BRANDS.primepet.supportEmail,
    brandName: 'Prime Pet',
  },
  buyer: { name: 'Erika Mustermann', lines: ['Hauptstraße 1', '10115 Berlin', 'Deutschland'] },
  number: 'PP-2026-000042',
  date: '24.11.2026',
  orderNumber: 'PP-20261124-0A1B2C3D',
  servicePeriod: '24.11.2026 – 23.11.2027',
  corrects: null,
  lines: [
    {
      description: 'Tarif Premium – Laufzeit 12 Monate',
      period: '24.11.2026 – 24.11.2027',
      amountCents: 5999,
    },
    { description: 'GPS-Tracker (einmaliger Preis)', period: '24.11.2026', amountCents: 4999 },
    { description: 'Gutscheinrabatt (WELCOME10)', period: '', amountCents: -600 },
    {
      description: 'Gutschrift für die nicht genutzte Restlaufzeit des bisherigen Tarifs',
      period: '',
      amountCents: -1250,
    },
  ],
  totalCents: 9148,
  payment: { type: 'card', brand: 'visa', last4: '4242', date: '24.11.2026' },
};

function plainOnePage(): Readable {
  const doc = new PDFDocument({ size: 'A4' });
  doc.fontSize(12).text('Invoice PP-2026-000042', 56, 56);
  doc.end();
  return doc;
}

/** Reads a PDF stream to its end; answers its size. */
async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

interface Timing {
  cpuMsPerDoc: number;
  wallMsPerDoc: number;
  bytes: number;
}

async function timeOf(make: () => Readable, documents: number): Promise<Timing> {
  let bytes = 0;
  for (let i = 0; i < 10; i++) bytes = await drain(make()); // warm-up (font parsing, JIT)
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < documents; i++) await drain(make());
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const { user, system } = process.cpuUsage(cpu);
  return { cpuMsPerDoc: (user + system) / 1000 / documents, wallMsPerDoc: wallMs / documents, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const plain: Timing[] = [];
const rendered: Timing[] = [];
for (let round = 0; round < ROUNDS; round++) {
  plain.push(await timeOf(plainOnePage, DOCUMENTS));
  rendered.push(await timeOf(() => renderInvoicePdf(invoice), DOCUMENTS));
}
const ratios = rendered.map((r, round) => r.cpuMsPerDoc / plain[round]!.cpuMsPerDoc);
const ratio = median(ratios);
const wallRatio = median(rendered.map((r, round) => r.wallMsPerDoc / plain[round]!.wallMsPerDoc));
const ms = (timings: Timing[], key: 'cpuMsPerDoc' | 'wallMsPerDoc') =>
  median(timings.map((t) => t[key])).toFixed(2);
console.log(
  `plain pdfkit one-page document: ${ms(plain, 'cpuMsPerDoc')} ms CPU, ${ms(plain, 'wallMsPerDoc')} ms wall (${plain[0]!.bytes} bytes)`,
);
console.log(
  `invoice PDF (DejaVu embedded):  ${ms(rendered, 'cpuMsPerDoc')} ms CPU, ${ms(rendered, 'wallMsPerDoc')} ms wall (${rendered[0]!.bytes} bytes)`,
);
console.log(
  `ratio invoice/plain (CPU):      ${ratio.toFixed(1)} (budget <= ${MAX_RATIO}; per round ${ratios.map((r) => r.toFixed(1)).join(', ')}; wall ${wallRatio.toFixed(1)})`,
);
if (ratio > MAX_RATIO) {
  console.error('BUDGET BROKEN: the invoice PDF costs too much to generate');
  process.exit(1);
}
