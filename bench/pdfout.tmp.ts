import fs from 'node:fs';
import { BRANDS } from '@pet/contract';
import { renderInvoicePdf } from '../apps/server/src/modules/subscription/billing/invoice.pdf.ts';
const seller = BRANDS.primepet.seller;
const invoice: any = { kind: 'invoice', language: 'de', seller: { ...seller, country: 'Deutschland', supportEmail: BRANDS.primepet.supportEmail, brandName: 'Prime Pet' },
  buyer: { name: 'Erika Mustermann', lines: ['Hauptstraße 1', '10115 Berlin', 'Deutschland'] }, number: 'PP-2026-000042', date: '24.11.2026', orderNumber: 'PP-20261124-0A1B2C3D', servicePeriod: '24.11.2026 – 23.11.2027', corrects: null,
  lines: [{ description: 'Tarif Premium – Laufzeit 12 Monate', period: '24.11.2026 – 24.11.2027', amountCents: 5999 }, { description: 'Gutscheinrabatt (WELCOME10)', period: '', amountCents: -600 }],
  totalCents: 5399, payment: { type: 'card', brand: 'visa', last4: '4242', date: '24.11.2026' } };
for (const n of [1, 2]) {
  const chunks: Buffer[] = []; for await (const c of renderInvoicePdf(invoice)) chunks.push(c as Buffer);
  fs.writeFileSync(`${process.argv[2]}.${n}.pdf`, Buffer.concat(chunks).toString('latin1').replace(/\(D:\d+Z\)/g, '').replace(/\/ID \[[^\]]*\]/, ''), 'latin1');
}
