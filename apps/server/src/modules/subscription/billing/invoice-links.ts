import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../../platform/clock.ts';
import type { OrderDocument } from './invoices.service.ts';

/**
 * Signed, expiring download links of an order's invoice or invoice correction (issue 33 item 11):
 * the link a payment or refund mail carries, which works without signing in and without the Bills
 * page (Hunde-Schutz and GPS hide it). The token names the order, the document and its expiry,
 * with an HMAC-SHA256 under a key derived from the signed file URLs' secret (FILE_URL_SECRET, or
 * the generated one), so every instance that shares that secret accepts it and nothing else can
 * make one. Expiry reads the business clock.
 */

/** GET path of the link (public: the token is the credential). */
export const INVOICE_DOWNLOAD_PATH = '/v1/order/invoice-download';

/** How long a mailed link works; the PDF itself is attached to the mail for good. */
export const INVOICE_LINK_DAYS = 30;

const DOCUMENTS: readonly OrderDocument[] = ['invoice', 'credit_note'];

export interface InvoiceLinkGrant {
  orderId: string;
  document: OrderDocument;
  /** Epoch seconds. */
  expiresAt: number;
}

export class InvoiceLinks {
  private readonly key: Buffer;

  constructor(
    fileUrlSecret: string | Buffer,
    private readonly clock: Clock,
  ) {
    // A key of its own: a token of this kind can never pass as a signed file URL or the reverse.
    this.key = createHmac('sha256', fileUrlSecret).update('invoice-download-link/v1').digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  /** The token for one order's document, valid for INVOICE_LINK_DAYS from now. */
  token(orderId: string, document: OrderDocument): { token: string; expiresAt: Date } {
    const expiresAt = new Date(this.clock.now().getTime() + INVOICE_LINK_DAYS * 24 * 3600 * 1000);
    const payload = Buffer.from(
      JSON.stringify([orderId, document, Math.floor(expiresAt.getTime() / 1000)]),
    ).toString('base64url');
    return { token: `${payload}.${this.mac(payload).toString('base64url')}`, expiresAt };
  }

  /** The path with its token, for a mail's link (the caller puts the brand's origin before it). */
  path(orderId: string, document: OrderDocument): { path: string; expiresAt: Date } {
    const { token, expiresAt } = this.token(orderId, document);
    return { path: `${INVOICE_DOWNLOAD_PATH}?token=${token}`, expiresAt };
  }

  /** What a token grants, or why not: 'invalid' (forged, altered, malformed) or 'expired'. */
  verify(token: string): InvoiceLinkGrant | 'invalid' | 'expired' {
    const [payload, sig, extra] = token.split('.');
    if (!payload || !sig || extra !== undefined) return 'invalid';
    const given = Buffer.from(sig, 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    let fields: unknown;
    try {
      fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return 'invalid';
    }
    if (!Array.isArray(fields) || fields.length !== 3) return 'invalid';
    const [orderId, document, expiresAt] = fields as [unknown, unknown, unknown];
    if (typeof orderId !== 'string' || typeof expiresAt !== 'number') return 'invalid';
    if (!DOCUMENTS.includes(document as OrderDocument)) return 'invalid';
    if (expiresAt * 1000 <= this.clock.now().getTime()) return 'expired';
    return { orderId, document: document as OrderDocument, expiresAt };
  }
}
