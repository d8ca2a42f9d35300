import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { BRANDS } from '@pet/contract';
import { renderInvoicePdf } from '../apps/server/src/modules/subscription/billing/invoice.pdf.ts';
const seller = BRANDS.primepet.seller;
const invoice: any = { kind: 'invoice', language: 'de', seller: { ...seller, country: 'Deutschland', supportEmail: BRANDS.primepet.supportEmail, brandName: 'Prime Pet' },
  buyer: { name: 'Erika Mustermann', lines: ['Hauptstraße 1', '10115 Berlin', 'Deutschland'] }, number: 'PP-2026-000042', date: '24.11.2026', orderNumber: 'PP-20261124-0A1B2C3D', servicePeriod: '24.11.2026 – 23.11.2027', corrects: null,
  lines: [{ description: 'Tarif Premium – Laufzeit 12 Monate', period: '24.11.2026 – 24.11.2027', amountCents: 5999 }, { description: 'Gutscheinrabatt (WELCOME10)', period: '', amountCents: -600 }],
  totalCents: 5399, payment: { type: 'card', brand: 'visa', last4: '4242', date: '24.11.2026' } };
function plain(): Readable { const d = new PDFDocument({ size: 'A4' }); d.fontSize(12).text('Invoice PP-2026-000042', 56, 56); d.end(); return d; }
async function drain(s: Readable) { for await (const _ of s); }
async function cpu(make: () => Readable, n: number) { for (let i = 0; i < 10; i++) await drain(make()); const c = process.cpuUsage(); for (let i = 0; i < n; i++) await drain(make()); const d = process.cpuUsage(c); return (d.user + d.system) / 1000 / n; }
for (let r = 0; r < 3; r++) { const p = await cpu(plain, 100); const i = await cpu(() => renderInvoicePdf(invoice), 100); console.log('plain', p.toFixed(2), 'invoice', i.toFixed(2), 'ratio', (i / p).toFixed(1)); }
